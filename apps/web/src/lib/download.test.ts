import { describe, expect, it } from 'vitest';
import Papa from 'papaparse';
import { csvText } from './download';

describe('CSV exports', () => {
  it('write a formula-like name as inert text and phone numbers unchanged', () => {
    const text = csvText(
      [
        { number: '6281234567890', name: '=HYPERLINK("http://evil.example","klik")', status: 'active' },
        { number: '6281234567891', name: '@SUM(1+1)', status: 'active' },
        { number: '6281234567892', name: 'Ani', status: 'active' },
      ],
      ['number', 'name', 'status'],
    );
    const rows = Papa.parse<string[]>(text).data;
    expect(rows).toEqual([
      ['number', 'name', 'status'],
      ['6281234567890', '\'=HYPERLINK("http://evil.example","klik")', 'active'],
      ['6281234567891', "'@SUM(1+1)", 'active'],
      ['6281234567892', 'Ani', 'active'],
    ]);
  });
});
