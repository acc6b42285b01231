import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import { DataTable } from './table';
import type { Columns } from './columns';

type Row = { id: number; name: string };
const columns: Columns<Row> = [
  { id: 'name', header: 'Nama', accessorKey: 'name' },
  { id: 'range', header: 'Range Nomor', cell: () => '1 – 9', meta: { secondary: true } },
  {
    id: 'action',
    header: 'Action',
    cell: ({ row }) => <button type="button">Start {row.original.name}</button>,
  },
];

function matchWidth(narrow: boolean) {
  vi.stubGlobal(
    'matchMedia',
    (query: string) =>
      ({
        matches: narrow,
        media: query,
        addEventListener() {},
        removeEventListener() {},
      }) as unknown as MediaQueryList,
  );
}

beforeEach(() => vi.unstubAllGlobals());
afterEach(cleanup);

const show = () =>
  render(
    <DataTable
      label="Daftar Generator"
      columns={columns}
      rows={[
        { id: 1, name: 'Sari' },
        { id: 2, name: 'Budi' },
      ]}
      loading={false}
      rowKey={(row) => row.id}
    />,
  );

describe('a list on a narrow screen', () => {
  it('shows each row as a card of labelled fields with its actions as buttons', () => {
    matchWidth(true);
    show();
    expect(screen.queryByRole('table')).toBeNull();
    const cards = within(screen.getByRole('list', { name: 'Daftar Generator' })).getAllByRole('listitem');
    expect(cards).toHaveLength(2);
    const first = within(cards[0]!);
    // Every field keeps its label, secondary ones included; the action column is not a field.
    expect(first.getAllByRole('term').map((term) => term.textContent)).toEqual(['Nama', 'Range Nomor']);
    expect(first.getAllByRole('definition').map((value) => value.textContent)).toEqual(['Sari', '1 – 9']);
    expect(first.getByRole('button', { name: 'Start Sari' })).toBeTruthy();
  });

  it('is a table on a wide screen', () => {
    matchWidth(false);
    show();
    expect(screen.queryByRole('list')).toBeNull();
    expect(screen.getAllByRole('row')).toHaveLength(3);
    expect(screen.getByRole('button', { name: 'Start Budi' })).toBeTruthy();
  });
});
