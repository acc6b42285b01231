import { describe, expect, it } from 'vitest';
import { inertCsvCell, toCsv } from '../src/csv';

describe('CSV cells', () => {
  it('turns every formula-like cell into text and leaves numbers and names alone', () => {
    for (const attack of ['=HYPERLINK("http://evil","klik")', '+1+1', '-2+3', '@SUM(A1)', '\t=1', '\r=1'])
      expect(inertCsvCell(attack)).toBe(`'${attack}`);
    expect(inertCsvCell('6281234567890')).toBe('6281234567890');
    expect(inertCsvCell('Budi = Ani')).toBe('Budi = Ani');
    expect(inertCsvCell(null)).toBe('');
  });

  it('writes rows with quoting, so a cell cannot break out of its column', () => {
    expect(
      toCsv([
        ['number', 'name'],
        ['6281234567890', '=HYPERLINK("http://evil","klik")'],
        ['6281234567891', 'Budi, Jr\n;x'],
      ]),
    ).toBe(
      'number,name\r\n6281234567890,"\'=HYPERLINK(""http://evil"",""klik"")"\r\n6281234567891,"Budi, Jr\n;x"',
    );
  });
});
