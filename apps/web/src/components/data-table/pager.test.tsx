import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider, type UseQueryResult } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import type { Paged } from '@blaster/contract';
import { PagedTable } from './pager';

afterEach(cleanup);

type Row = { id: number };
const answer = (ids: number[], meta: Paged<Row>['meta']) =>
  ({
    data: { data: ids.map((id) => ({ id })), meta },
    isFetching: false,
    error: null,
  }) as unknown as UseQueryResult<Paged<Row>>;

function Shown({ list }: { list: UseQueryResult<Paged<Row>> }) {
  const location = useLocation();
  return (
    <>
      <PagedTable
        label="Daftar"
        list={list}
        columns={[{ id: 'id', header: 'Id', accessorKey: 'id' }]}
        rowKey={(row) => row.id}
      />
      <output aria-label="address">{location.search}</output>
    </>
  );
}

function show(list: UseQueryResult<Paged<Row>>, at: string) {
  const router = createMemoryRouter([{ path: '/list', element: <Shown list={list} /> }], {
    initialEntries: [at],
  });
  render(
    <QueryClientProvider client={new QueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

describe('the pager', () => {
  it("shows a capped total as 'Page X of Y+' and still offers Next", () => {
    show(answer([30, 29], { page: 100, totalPages: 100, total: 1000, totalCapped: true }), '/list?page=100');
    expect(screen.getByText('Page 100 of 100+')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Next' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it("groups the digits of a long list's page count the way the language writes numbers", () => {
    show(
      answer([10, 9], { page: 1, totalPages: 31_200, total: 312_000, totalCapped: false }),
      '/list?page=1',
    );
    expect(screen.getByText('Page 1 of 31.200')).toBeTruthy();
  });

  it('carries the last row id on Next and the first on Previous, in the address', () => {
    show(answer([30, 29, 28], { page: 5, totalPages: 9, total: 90, totalCapped: false }), '/list?page=5&s=x');
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByLabelText('address').textContent).toBe('?page=6&s=x&after=28');
    // The answer shown is still the same rows (a fixed answer here): Previous leaves from its first.
    fireEvent.click(screen.getByRole('button', { name: 'Previous' }));
    expect(screen.getByLabelText('address').textContent).toBe('?page=5&s=x&before=30');
  });

  it('goes straight to a typed page, without a cursor, and refuses a page past the last', () => {
    show(
      answer([30, 29, 28], { page: 5, totalPages: 9, total: 90, totalCapped: false }),
      '/list?page=5&s=x&after=31',
    );
    const box = screen.getByRole('spinbutton', { name: 'Go to page' });
    const go = screen.getByRole('button', { name: 'Go' }) as HTMLButtonElement;
    fireEvent.change(box, { target: { value: '10' } });
    expect(go.disabled).toBe(true);
    fireEvent.change(box, { target: { value: '7' } });
    fireEvent.click(go);
    expect(screen.getByLabelText('address').textContent).toBe('?page=7&s=x');
  });
});
