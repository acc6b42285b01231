import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { Toaster } from 'sonner';
import Cookies from 'js-cookie';
import {
  API_PREFIX,
  EN_CATALOG,
  ENDPOINTS,
  UI_PANEL,
  type OnboardingStep,
  type RealtimeEvent,
  type Role,
} from '@blaster/contract';
import { setLanguage } from '../../i18n';
import { aUser } from '../../test/users';
import { realtimeHandlers as handlers } from '../../test/fake-realtime';

vi.mock('../../lib/realtime', () => import('../../test/fake-realtime'));

const { OnboardingChecklist } = await import('./OnboardingChecklist');
const { onboardingKeys } = await import('./api');

/** The server's answer: the steps it is given, in order, done when listed in `done`. */
let answer: { steps: { id: OnboardingStep; done: boolean }[] } = { steps: [] };
const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200 });
const fetch = vi.fn(async (url: string) =>
  url.startsWith(ENDPOINTS.sandboxDemoData.path) ? json({ phoneNumbers: 20, templates: 1 }) : json(answer),
);
const answerWith = (ids: OnboardingStep[], done: OnboardingStep[] = []) => {
  answer = { steps: ids.map((id) => ({ id, done: done.includes(id) })) };
};

beforeEach(() => {
  vi.stubGlobal('fetch', fetch);
  fetch.mockClear();
  window.localStorage.clear();
  // Calls go out only with a signed-in user.
  Cookies.set('user', JSON.stringify(aUser()));
});
afterEach(() => {
  cleanup();
  Cookies.remove('user');
});

function show(role: Role, id = 7) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <OnboardingChecklist user={aUser({ id, role })} />
        <Toaster />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return client;
}

const checklist = () => screen.queryByRole('list', { name: UI_PANEL['onboarding.title'] });

const list = () => screen.findByRole('list', { name: UI_PANEL['onboarding.title'] });
const stepLink = (id: OnboardingStep) =>
  screen.getByRole('link', { name: UI_PANEL[`onboarding.step.${id}`] });
/** What a screen reader hears of a step: whether it is done, then its name. */
const heard = (id: OnboardingStep) => stepLink(id).closest('li')!.textContent!;

describe('the getting-started checklist', () => {
  it("shows a member's steps, linked to their screens, with the done one ticked", async () => {
    answerWith(['connectAccount', 'bankDetails', 'firstBlast'], ['connectAccount']);
    show('member');
    const steps = within(await list()).getAllByRole('listitem');
    expect(steps).toHaveLength(3);
    expect(stepLink('connectAccount').getAttribute('href')).toBe('/whatsapp/create');
    expect(stepLink('bankDetails').getAttribute('href')).toBe('/profile?edit=1');
    expect(stepLink('firstBlast').getAttribute('href')).toBe('/whatsapp');
    expect(heard('connectAccount').startsWith(UI_PANEL['onboarding.stepDone'])).toBe(true);
    expect(heard('bankDetails').startsWith(UI_PANEL['onboarding.stepOpen'])).toBe(true);
    expect(screen.getByText('1 dari 3 langkah selesai')).toBeTruthy();
    expect(fetch.mock.calls[0]![0]).toBe(`${API_PREFIX}/onboarding`);
  });

  it("shows an admin's steps: phone numbers, a template, and inviting members from the profile", async () => {
    answerWith(['phoneNumbers', 'template', 'members'], ['phoneNumbers']);
    show('admin');
    await list();
    expect(stepLink('phoneNumbers').getAttribute('href')).toBe('/phonenumber/create');
    expect(stepLink('template').getAttribute('href')).toBe('/message/create');
    expect(stepLink('members').getAttribute('href')).toBe('/profile');
    expect(heard('phoneNumbers').startsWith(UI_PANEL['onboarding.stepDone'])).toBe(true);
    expect(heard('template').startsWith(UI_PANEL['onboarding.stepOpen'])).toBe(true);
  });

  it('lets a dev create demo data from the checklist and says what was added', async () => {
    answerWith(['demoData', 'connectAccount', 'firstBlast']);
    show('dev');
    await list();
    fireEvent.click(screen.getByRole('button', { name: UI_PANEL['onboarding.step.demoData'] }));
    await screen.findByText('Data demo dibuat: 20 phone number, 1 template.');
    const call = fetch.mock.calls.find(([url]) => url === ENDPOINTS.sandboxDemoData.path) as unknown as [
      string,
      RequestInit,
    ];
    expect(call[1].method).toBe('POST');
    expect(JSON.parse(String(call[1].body))).toEqual({ count: 20 });
  });

  it('ticks the first blast when the blast counts come in', async () => {
    answerWith(['connectAccount', 'bankDetails', 'firstBlast'], ['connectAccount']);
    show('member', 12);
    await list();
    expect(heard('firstBlast').startsWith(UI_PANEL['onboarding.stepOpen'])).toBe(true);
    answerWith(['connectAccount', 'bankDetails', 'firstBlast'], ['connectAccount', 'firstBlast']);
    handlers.get('12')!({ event: 'count_success', payload: {} } as unknown as RealtimeEvent);
    await waitFor(() => expect(heard('firstBlast').startsWith(UI_PANEL['onboarding.stepDone'])).toBe(true));
  });

  it('is gone once every step is done', async () => {
    answerWith(
      ['connectAccount', 'bankDetails', 'firstBlast'],
      ['connectAccount', 'bankDetails', 'firstBlast'],
    );
    const client = show('member');
    await waitFor(() => expect(client.getQueryState(onboardingKeys.steps(7))?.status).toBe('success'));
    expect(checklist()).toBeNull();
  });

  it('can be hidden, and stays hidden for that user only', async () => {
    answerWith(['connectAccount', 'bankDetails', 'firstBlast']);
    show('member', 7);
    await list();
    fireEvent.click(screen.getByRole('button', { name: UI_PANEL['onboarding.hideLabel'] }));
    expect(checklist()).toBeNull();
    cleanup();
    fetch.mockClear();
    show('member', 7);
    expect(checklist()).toBeNull();
    expect(fetch).not.toHaveBeenCalled();
    cleanup();
    show('member', 8);
    await list();
  });

  it('reads in English when English is chosen', async () => {
    await setLanguage('en');
    try {
      answerWith(['connectAccount', 'bankDetails', 'firstBlast'], ['bankDetails']);
      show('member');
      await screen.findByRole('list', { name: EN_CATALOG['onboarding.title'] });
      expect(screen.getByRole('link', { name: EN_CATALOG['onboarding.step.connectAccount'] })).toBeTruthy();
      expect(screen.getByText('1 of 3 steps done')).toBeTruthy();
      expect(screen.getByRole('button', { name: EN_CATALOG['onboarding.hideLabel'] })).toBeTruthy();
    } finally {
      await setLanguage('default');
    }
  });

  it('shows nothing to staff, whose dashboard is the withdraw requests', () => {
    show('staff');
    expect(checklist()).toBeNull();
    expect(fetch).not.toHaveBeenCalled();
  });
});
