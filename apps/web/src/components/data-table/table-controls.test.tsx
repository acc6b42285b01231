import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider, type UseQueryResult } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import type { Paged } from '@blaster/contract';
import { PagedTable, type BulkActions } from './pager';

beforeEach(() => localStorage.clear());
afterEach(cleanup);

type Row = { id: number; number: string; name: string };
const rows: Row[] = [
  { id: 3, number: '6281200000003', name: 'Citra' },
  { id: 2, number: '6281200000002', name: 'Bayu' },
  { id: 1, number: '6281200000001', name: 'Ani' },
];
const list = {
  data: { data: rows, meta: { page: 1, totalPages: 5, total: 45, totalCapped: false } },
  isFetching: false,
  error: null,
} as unknown as UseQueryResult<Paged<Row>>;

const columns = [
  { id: 'number', header: 'Phone Number', accessorKey: 'number', meta: { sortKey: 'number' } },
  // A header drawn when shown, as lists whose headers follow the chosen language have them.
  { id: 'name', header: () => 'Name', accessorKey: 'name' },
];

function Shown({ onDelete }: { onDelete(chosen: Row[]): void }) {
  const location = useLocation();
  const bulkActions: BulkActions<Row> = {
    describe: (row) => row.number,
    render: (chosen, clear) => (
      <button
        type="button"
        onClick={() => {
          onDelete(chosen);
          clear();
        }}
      >
        Hapus terpilih
      </button>
    ),
  };
  return (
    <>
      <PagedTable
        label="Daftar"
        list={list}
        columns={columns}
        rowKey={(row) => row.id}
        listKey="numbers"
        sortable
        pageSizes
        bulkActions={bulkActions}
      />
      <output aria-label="address">{location.search}</output>
    </>
  );
}

function show(onDelete: (chosen: Row[]) => void = () => {}) {
  const router = createMemoryRouter([{ path: '/list', element: <Shown onDelete={onDelete} /> }], {
    initialEntries: ['/list?page=1'],
  });
  render(
    <QueryClientProvider client={new QueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

const address = () => screen.getByLabelText('address').textContent;
const box = (name: string) => screen.getByRole('checkbox', { name }) as HTMLInputElement;

describe('choosing rows for a bulk action', () => {
  it("shows 'N dipilih' with the actions, which get the chosen rows, then clears", () => {
    const onDelete = vi.fn();
    show(onDelete);
    expect(screen.queryByRole('toolbar')).toBeNull();
    fireEvent.click(box('Pilih 6281200000003'));
    fireEvent.click(box('Pilih 6281200000001'));
    const bar = screen.getByRole('toolbar', { name: 'Aksi untuk baris terpilih' });
    expect(within(bar).getByRole('status').textContent).toBe('2 dipilih');
    expect(box('Pilih semua baris di halaman ini').indeterminate).toBe(true);
    fireEvent.click(within(bar).getByRole('button', { name: 'Hapus terpilih' }));
    expect(onDelete).toHaveBeenCalledWith([rows[0], rows[2]]);
    expect(screen.queryByRole('toolbar')).toBeNull();
    expect(box('Pilih 6281200000003').checked).toBe(false);
  });

  it('chooses every row on the page at once, and forgets the choice on another page', () => {
    show();
    fireEvent.click(box('Pilih semua baris di halaman ini'));
    expect(within(screen.getByRole('toolbar')).getByRole('status').textContent).toBe('3 dipilih');
    fireEvent.click(screen.getByRole('button', { name: 'Batal pilih' }));
    expect(screen.queryByRole('toolbar')).toBeNull();

    fireEvent.click(box('Pilih 6281200000002'));
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(address()).toBe('?page=2&after=1');
    expect(screen.queryByRole('toolbar')).toBeNull();
    expect(box('Pilih 6281200000002').checked).toBe(false);
  });
});

describe('the table controls', () => {
  it("hide a column from the 'Kolom' menu, and the list remembers it", () => {
    show();
    expect(screen.getByRole('columnheader', { name: 'Name' })).toBeTruthy();
    fireEvent.keyDown(screen.getByRole('button', { name: 'Kolom' }), { key: 'Enter' });
    const name = screen.getByRole('menuitemcheckbox', { name: 'Name' });
    expect(name.getAttribute('aria-checked')).toBe('true');
    // The row checkboxes and actions are not columns one can hide.
    expect(screen.getAllByRole('menuitemcheckbox').map((item) => item.textContent)).toEqual([
      'Phone Number',
      'Name',
    ]);
    fireEvent.click(name);
    expect(screen.queryByRole('columnheader', { name: 'Name' })).toBeNull();
    expect(screen.queryByText('Bayu')).toBeNull();
    // Hidden, it is still named in the menu, to be shown again.
    expect(screen.getByRole('menuitemcheckbox', { name: 'Name' }).getAttribute('aria-checked')).toBe('false');

    cleanup();
    show();
    expect(screen.queryByRole('columnheader', { name: 'Name' })).toBeNull();
    expect(screen.getByRole('columnheader', { name: /Phone Number/ })).toBeTruthy();
  });

  it('sort by a header: ascending, descending, then the list order, from page 1', () => {
    show();
    const header = () => screen.getByRole('columnheader', { name: /Phone Number/ });
    expect(header().getAttribute('aria-sort')).toBeNull();
    fireEvent.click(within(header()).getByRole('button'));
    expect(address()).toBe('?page=1&sort=number');
    expect(header().getAttribute('aria-sort')).toBe('ascending');
    fireEvent.click(within(header()).getByRole('button'));
    expect(address()).toBe('?page=1&sort=number&dir=desc');
    expect(header().getAttribute('aria-sort')).toBe('descending');
    fireEvent.click(within(header()).getByRole('button'));
    expect(address()).toBe('?page=1');
    // Name has no index to sort by: its header is plain text.
    expect(within(screen.getByRole('columnheader', { name: 'Name' })).queryByRole('button')).toBeNull();
  });

  it('choose the page size, kept in the address, back to page 1', () => {
    show();
    fireEvent.change(screen.getByRole('combobox', { name: 'Baris per halaman' }), {
      target: { value: '50' },
    });
    expect(address()).toBe('?page=1&per_page=50');
  });
});
