import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import Cookies from 'js-cookie';
import { MESSAGE_TEXT as MSG } from '@blaster/contract';
import { ApiError, apiRequest, setUnauthorizedHandler } from './api';
import { aUser } from '../test/users';

const respond = (status: number, body: unknown) =>
  vi
    .fn()
    .mockResolvedValue(
      new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }),
    );

const signedIn = aUser();

describe('apiRequest', () => {
  // Signed in: the readable user cookie (the token cookie is HttpOnly, set and read by the server only).
  beforeEach(() => Cookies.set('user', JSON.stringify(signedIn)));
  afterEach(() => {
    Cookies.remove('user');
    vi.unstubAllGlobals();
  });

  it('leaves the token to the browser: no Authorization header, same-origin cookies, and returns the answer', async () => {
    const fetch = respond(200, { balance: 5 });
    vi.stubGlobal('fetch', fetch);
    await expect(apiRequest('/api/x')).resolves.toEqual({ balance: 5 });
    expect(fetch.mock.calls[0]![1].headers.authorization).toBeUndefined();
    expect(fetch.mock.calls[0]![1].credentials).toBe('same-origin');
  });

  it('sends an action without a body (a test event, a retry) without a JSON type the server would refuse as empty', async () => {
    const fetch = vi.fn().mockImplementation(() => respond(200, { msg: 'OK' })());
    vi.stubGlobal('fetch', fetch);
    await apiRequest('/api/x', { method: 'POST' });
    expect(fetch.mock.calls[0]![1].headers['content-type']).toBeUndefined();
    expect(fetch.mock.calls[0]![1].body).toBeUndefined();

    await apiRequest('/api/x', { method: 'POST', body: { id: 1 } });
    expect(fetch.mock.calls[1]![1].headers['content-type']).toBe('application/json');
  });

  it("makes no call without a session ('Authorization token is missing')", async () => {
    Cookies.remove('user');
    const fetch = respond(200, {});
    vi.stubGlobal('fetch', fetch);
    await expect(apiRequest('/api/x')).rejects.toThrow(MSG.tokenMissing);
    expect(fetch).not.toHaveBeenCalled();
  });

  it("shows the server's msg, else the call's fallback, with per-field errors", async () => {
    vi.stubGlobal('fetch', respond(400, { msg: 'Email is already registered.', errors: { email: 'x' } }));
    const error = await apiRequest('/api/x', { fallback: MSG.failedToSignUp }).catch((e: ApiError) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toBe('Email is already registered.');
    expect((error as ApiError).errors).toEqual({ email: 'x' });

    vi.stubGlobal('fetch', respond(500, {}));
    await expect(apiRequest('/api/x', { fallback: MSG.errorFetchingUser })).rejects.toThrow(
      MSG.errorFetchingUser,
    );
  });

  it("turns a network failure into 'Internal server error'", async () => {
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    await expect(apiRequest('/api/x')).rejects.toThrow(MSG.internalServerError);
  });

  it('signs out on 401', async () => {
    const onUnauthorized = vi.fn();
    setUnauthorizedHandler(onUnauthorized);
    vi.stubGlobal('fetch', respond(401, { msg: 'Unauthorized' }));
    await expect(apiRequest('/api/x')).rejects.toThrow('Unauthorized');
    expect(onUnauthorized).toHaveBeenCalledOnce();
  });
});
