import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import Cookies from 'js-cookie';
import { MESSAGE_TEXT as MSG } from '@blaster/contract';
import { aUser } from '../../test/users';
import { UserDropdown } from './UserDropdown';

afterEach(() => {
  cleanup();
  Cookies.remove('user');
});

describe('the user menu', () => {
  it("opens on the first click with the user's address and the way out, though its code loads only then", async () => {
    Cookies.set('user', JSON.stringify(aUser()));
    const router = createMemoryRouter([{ path: '*', element: <UserDropdown /> }], { initialEntries: ['/'] });
    render(<RouterProvider router={router} />);
    const button = screen.getByRole('button', { name: /Sari Dewi/ });
    expect(button.getAttribute('aria-haspopup')).toBe('menu');
    fireEvent.click(button);
    const menu = await screen.findByRole('menu');
    expect(menu.textContent).toContain('sari@example.test');
    expect(screen.getByRole('menuitem', { name: MSG.signOut })).toBeTruthy();
  });
});
