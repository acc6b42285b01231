import { afterEach, describe, expect, it, vi } from 'vitest';
import { createTokenService } from '../src/lib/tokens';

const SECRET = 'token-secret-token-secret-token-secret';

afterEach(() => vi.useRealTimers());

describe('signed-in tokens', () => {
  it('keeps accepting a token it has seen only until the token expires', async () => {
    const tokens = createTokenService(SECRET, 60);
    const token = await tokens.sign(7, 2);
    expect(await tokens.verify(token)).toEqual({ userId: 7, version: 2 });
    expect(await tokens.verify(token)).toEqual({ userId: 7, version: 2 });

    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 61_000 });
    expect(await tokens.verify(token)).toBeNull();
  });

  it('refuses a forged token for a user whose genuine token it has already seen', async () => {
    const tokens = createTokenService(SECRET);
    const genuine = await tokens.sign(7);
    expect(await tokens.verify(genuine)).toEqual({ userId: 7, version: 0 });

    const forged = await createTokenService('another-secret-another-secret-another').sign(7);
    expect(await tokens.verify(forged)).toBeNull();
    // Same header and claims, the genuine signature cut off.
    expect(await tokens.verify(genuine.slice(0, genuine.lastIndexOf('.') + 1))).toBeNull();
  });
});
