import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import Cookies from 'js-cookie';
import { MESSAGE_TEXT as MSG } from '@blaster/contract';
import { apiRequest } from './api';
import { aUser } from '../test/users';

const signedIn = aUser();

describe('apiRequest without a network', () => {
  beforeEach(() => {
    // Signed in: the readable user cookie (the token itself is an HttpOnly cookie).
    Cookies.set('user', JSON.stringify(signedIn));
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
  });
  afterEach(() => {
    Cookies.remove('user');
    vi.unstubAllGlobals();
  });

  it("says 'Network error. Please try again.' for a change that never reached the server", async () => {
    for (const method of ['POST', 'PUT', 'DELETE'] as const)
      await expect(
        apiRequest('/api/admin/whatsapp/reset', { method, body: { id: 1 }, fallback: MSG.errorUpdatingUser }),
      ).rejects.toThrow(MSG.networkError);
  });

  it("keeps the spec's 'Internal server error' for a read and for an answer that is not JSON", async () => {
    await expect(apiRequest('/api/x')).rejects.toThrow(MSG.internalServerError);
    vi.stubGlobal(
      'fetch',
      vi.fn().mockResolvedValue(new Response('<html>Bad gateway</html>', { status: 502 })),
    );
    await expect(apiRequest('/api/x', { method: 'POST', body: {} })).rejects.toThrow(MSG.internalServerError);
  });
});
