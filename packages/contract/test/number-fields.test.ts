import { describe, expect, it } from 'vitest';
import { normalizeFieldKey, splitTags, unknownVariables, templateVariables } from '../src';

describe('field keys and tags', () => {
  it('makes a key of a column header, or none', () => {
    expect(normalizeFieldKey('Kota Asal')).toBe('kota_asal');
    expect(normalizeFieldKey('  Kódé-Pos ')).toBe('kode_pos');
    expect(normalizeFieldKey('2nd phone')).toBe('f_2nd_phone');
    expect(normalizeFieldKey('name')).toBeNull();
    expect(normalizeFieldKey('***')).toBeNull();
  });

  it('splits tags at | ; and ,, lower-cased and without duplicates', () => {
    expect(splitTags('VIP| pelanggan ;vip,,baru')).toEqual(['vip', 'pelanggan', 'baru']);
    expect(splitTags(['A', 'a', ' '])).toEqual(['a']);
  });
});

describe('template variables', () => {
  it('finds each variable with its default, and the ones that cannot be filled', () => {
    expect(templateVariables('{{ city | Jakarta }} {{x|}} {{y}} {name}')).toEqual([
      { key: 'city', fallback: 'Jakarta' },
      { key: 'x', fallback: '' },
      { key: 'y', fallback: undefined },
    ]);
    const known = new Set(['city']);
    expect(
      unknownVariables('{{name}} {{number}} {{city}} {{kota|Bogor}} {{y}} {{y}} {{Name}}', known),
    ).toEqual(['y', 'Name']);
  });
});
