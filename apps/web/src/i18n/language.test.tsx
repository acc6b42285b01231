import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import Cookies from 'js-cookie';
import { STORAGE_LANGUAGE } from '@blaster/contract';
import { routes } from '../app/router';
import { aUser } from '../test/users';
import { setLanguage } from '.';
import { LanguageBoundary } from './LanguageBoundary';

const fetchMock = vi.fn(async (url: string, _init?: RequestInit) => {
  const body = url.includes('/auth/validate')
    ? { isvalid: true }
    : { data: [], meta: { page: 1, totalPages: 1, total: 0 } };
  return new Response(JSON.stringify(body), { status: 200 });
});
vi.stubGlobal('fetch', fetchMock);
window.scrollTo = vi.fn() as unknown as typeof window.scrollTo;
vi.stubGlobal(
  'WebSocket',
  class {
    close() {}
  },
);

function renderPanelAt(path: string) {
  Cookies.set('user', JSON.stringify(aUser({ role: 'admin', level: 'Bronze', color: '#2C2C2C' })));
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <LanguageBoundary>
        <RouterProvider router={router} />
      </LanguageBoundary>
    </QueryClientProvider>,
  );
}

// The page starts as index.html has it, whichever test runs first.
beforeEach(() => {
  document.documentElement.lang = 'id';
});

afterEach(async () => {
  cleanup();
  Cookies.remove('user');
  await setLanguage('default');
  window.localStorage.clear();
});

describe('language switch', () => {
  it("shows the spec's wording until another language is chosen, then changes the menu and the title", async () => {
    renderPanelAt('/level');
    const nav = await screen.findByRole('navigation', { name: 'Menu utama' });
    expect(nav.textContent).toContain('Daftar Member');
    expect(await screen.findByRole('heading', { level: 1, name: 'Daftar Level' })).toBeTruthy();

    fireEvent.change(screen.getByTestId('language-switch'), { target: { value: 'en' } });

    const englishNav = await screen.findByRole('navigation', { name: 'Main menu' });
    expect(englishNav.textContent).toContain('Members');
    expect(englishNav.textContent).not.toContain('Daftar Member');
    expect(await screen.findByRole('heading', { level: 1, name: 'Level List' })).toBeTruthy();
    expect(document.documentElement.lang).toBe('en');
    expect(window.localStorage.getItem(STORAGE_LANGUAGE)).toBe('en');
  });

  it("names the page's language only once its texts are shown, so a form typed after it is not drawn again", async () => {
    renderPanelAt('/level');
    await screen.findByRole('navigation', { name: 'Menu utama' });
    fireEvent.change(screen.getByTestId('language-switch'), { target: { value: 'en' } });
    // The catalog is still on its way: the page still reads, and says it reads, in the spec's wording.
    expect(document.documentElement.lang).toBe('id');
    expect(screen.getByRole('navigation', { name: 'Menu utama' })).toBeTruthy();
    await screen.findByRole('navigation', { name: 'Main menu' });
    expect(document.documentElement.lang).toBe('en');
  });

  it('asks the server for answers in the chosen language', async () => {
    renderPanelAt('/level');
    fireEvent.change(await screen.findByTestId('language-switch'), { target: { value: 'id' } });
    await screen.findByRole('navigation', { name: 'Menu utama' });
    fetchMock.mockClear();
    fireEvent.click(await screen.findByRole('button', { name: 'Muat ulang' }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    const headers = fetchMock.mock.calls.at(-1)![1]!.headers as Record<string, string>;
    expect(headers['accept-language']).toBe('id');
  });
});
