import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { flushSync } from 'react-dom';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { SEARCH_DELAY_MS } from '@blaster/contract';
import { ListFilters } from './toolbar';
import { useListSearch } from './params';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

function Filters() {
  const search = useListSearch();
  return (
    <ListFilters
      search={search}
      searchLabel="Cari"
      statuses={{ all: 'Semua', options: [{ value: 'active', label: 'Aktif' }] }}
    />
  );
}

describe('the list filters', () => {
  it('keep a settled search when a status is picked right after it, before the page redraws', async () => {
    vi.useFakeTimers();
    const router = createMemoryRouter([{ path: '/list', element: <Filters /> }], {
      initialEntries: ['/list'],
    });
    // What react-router/dom's RouterProvider passes, which the built panel uses.
    render(<RouterProvider router={router} flushSync={(update) => void flushSync(update)} />);
    fireEvent.change(screen.getByRole('searchbox', { name: 'Cari' }), { target: { value: 'Wulan' } });
    // The search settles; a quick hand picks a status before the browser had time to draw again.
    vi.advanceTimersByTime(SEARCH_DELAY_MS);
    fireEvent.change(screen.getByRole('combobox'), { target: { value: 'active' } });
    await vi.runAllTimersAsync();
    const address = new URLSearchParams(router.state.location.search);
    expect(address.get('s')).toBe('Wulan');
    expect(address.get('status')).toBe('active');
  });
});
