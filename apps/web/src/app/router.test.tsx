import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor, fireEvent } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import Cookies from 'js-cookie';
import { API, MESSAGE_TEXT as MSG, sidebarMenu, type User } from '@blaster/contract';
import { routes } from './router';
import { aUser } from '../test/users';

const user = (role: User['role']): User => aUser({ role, level: 'Bronze', color: '#2C2C2C' });

function renderAt(path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

/** The token cookie is HttpOnly (the server's), so a signed-in page has only the user cookie. */
function signInAs(role: User['role']) {
  Cookies.set('user', JSON.stringify(user(role)));
}

// Every call answers with zeros; validation says the token is good, the funnel, the checklist and the campaign cards have their lists.
vi.stubGlobal(
  'fetch',
  vi.fn(async (url: string) => {
    const body = url.includes('/auth/validate')
      ? { isvalid: true }
      : url.includes('/messagelog/funnel/')
        ? { by: 'day', total: { queued: 0 }, groups: [] }
        : url.includes('/onboarding')
          ? { steps: [] }
          : url.includes('/whatsapp/campaigns/')
            ? { pool_left: 0, campaigns: [], templates: [] }
            : { setting: { info: '' } };
    return new Response(JSON.stringify(body), { status: 200 });
  }),
);
window.scrollTo = vi.fn() as unknown as typeof window.scrollTo;
vi.stubGlobal(
  'WebSocket',
  class {
    close() {}
  },
);

afterEach(() => {
  cleanup();
  Cookies.remove('authToken');
  Cookies.remove('user');
});

describe('route guards', () => {
  it('sends a visitor without a session to /signin', async () => {
    const router = renderAt('/whatsapp');
    await waitFor(() => expect(router.state.location.pathname).toBe('/signin'));
    expect(await screen.findByRole('heading', { name: MSG.signInTitle })).toBeTruthy();
  });

  it('sends a role not allowed on the screen to /not-authorized', async () => {
    signInAs('member');
    const router = renderAt('/settings');
    await waitFor(() => expect(router.state.location.pathname).toBe('/not-authorized'));
  });

  it('sends staff from the dashboard to the withdraw requests', async () => {
    signInAs('staff');
    const router = renderAt('/');
    await waitFor(() => expect(router.state.location.pathname).toBe('/withdraw/requested'));
    expect(router.state.location.search).toBe('?page=1');
  });

  it('shows a screen not built yet as a placeholder naming it', async () => {
    signInAs('admin');
    renderAt('/proxy/create');
    expect(await screen.findByRole('heading', { level: 1, name: 'Tambah Proxy' })).toBeTruthy();
  });

  it("renders the role's sidebar menu in order", async () => {
    signInAs('dev');
    renderAt('/');
    const nav = await screen.findByRole('navigation', { name: 'Menu utama' });
    const names = Array.from(nav.querySelectorAll('a')).map((link) => link.textContent);
    expect(names).toEqual(sidebarMenu('dev').map((item) => item.name));
  });

  it('shows the not-found page for an unknown path', async () => {
    renderAt('/no/such/page');
    expect(await screen.findByText(MSG.notFound)).toBeTruthy();
  });
});

describe('sign-out', () => {
  it('asks the server to end the session and clear its cookie, then shows /signin', async () => {
    signInAs('member');
    const fetch = vi.mocked(globalThis.fetch);
    const router = renderAt('/');
    // Signing out from a dashboard whose figures have all arrived, as a user does.
    expect(await screen.findByText(MSG.funnelEmpty)).toBeTruthy();
    // The menu button opens from the keyboard as well as from a pointer press.
    fireEvent.keyDown(await screen.findByRole('button', { name: /^User menu/ }), { key: 'Enter' });
    fetch.mockClear();
    fireEvent.click(await screen.findByRole('menuitem', { name: MSG.signOut }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/signin'));
    expect(fetch.mock.calls.some(([url, init]) => url === API.logout && init?.method === 'POST')).toBe(true);
    expect(Cookies.get('user')).toBeUndefined();
  });
});

describe('sign-up form', () => {
  it('shows the per-field messages of the spec on an empty submit and sends nothing', async () => {
    const fetch = vi.mocked(globalThis.fetch);
    fetch.mockClear();
    renderAt('/signup');
    fireEvent.click(await screen.findByRole('button', { name: MSG.signUpButton }));
    for (const message of [
      MSG.firstNameRequired,
      MSG.lastNameRequired,
      MSG.emailRequired,
      MSG.passwordRequired,
      MSG.confirmPasswordRequired,
      MSG.agreeToTermsRequired,
    ]) {
      expect(await screen.findByText(message)).toBeTruthy();
    }
    expect(fetch.mock.calls.some(([url]) => String(url).includes('/auth/register'))).toBe(false);
  });
});

describe("the phone's menu drawer", () => {
  it('says whether it is open, takes the focus, and closes on Escape back to its button', async () => {
    const width = window.innerWidth;
    window.innerWidth = 375;
    try {
      signInAs('member');
      renderAt('/profile');
      const button = await screen.findByRole('button', { name: 'Toggle sidebar' });
      expect(button.getAttribute('aria-expanded')).toBe('false');
      fireEvent.click(button);
      expect(button.getAttribute('aria-expanded')).toBe('true');
      const drawer = document.getElementById(button.getAttribute('aria-controls')!)!;
      await waitFor(() => expect(drawer.contains(document.activeElement)).toBe(true));
      fireEvent.keyDown(document, { key: 'Escape' });
      expect(button.getAttribute('aria-expanded')).toBe('false');
      expect(document.activeElement).toBe(button);
    } finally {
      window.innerWidth = width;
    }
  });
});

describe('public pages', () => {
  it('hold their content in a main landmark', async () => {
    for (const path of ['/signin', '/terms']) {
      renderAt(path);
      expect(await screen.findByRole('main')).toBeTruthy();
      cleanup();
    }
  });
});
