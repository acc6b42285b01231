import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import Cookies from 'js-cookie';
import { sidebarMenu, type Role } from '@blaster/contract';
import { aUser } from '../../test/users';
import { HeaderSearch } from './HeaderSearch';

beforeAll(() => {
  // jsdom lays nothing out; the palette scrolls its chosen entry into view.
  Element.prototype.scrollIntoView = () => {};
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  } as unknown as typeof ResizeObserver;
});
afterEach(() => {
  cleanup();
  Cookies.remove('user');
});

function showAs(role: Role) {
  Cookies.set('user', JSON.stringify(aUser({ role })));
  const router = createMemoryRouter([{ path: '*', element: <HeaderSearch /> }], { initialEntries: ['/'] });
  render(<RouterProvider router={router} />);
  return router;
}

const entries = () =>
  within(screen.getByRole('dialog'))
    .getAllByRole('option')
    .map((option) => option.textContent);

describe('the command palette', () => {
  it("opens on Ctrl+K with exactly the staff menu's entries", async () => {
    showAs('staff');
    fireEvent.keyDown(document, { key: 'k', ctrlKey: true });
    await screen.findByRole('dialog');
    expect(entries()).toEqual(sidebarMenu('staff').map((item) => item.name));
  });

  it('filters as the member types and goes to the chosen screen on Enter', async () => {
    const router = showAs('member');
    fireEvent.keyDown(document, { key: 'k', metaKey: true });
    const input = await screen.findByRole('combobox', { name: 'Cari menu' });
    expect(entries()).toEqual(sidebarMenu('member').map((item) => item.name));
    fireEvent.change(input, { target: { value: 'withraw' } });
    await waitFor(() => expect(entries()).toEqual(['Withraw']));
    fireEvent.keyDown(input, { key: 'Enter' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/withdraw'));
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
