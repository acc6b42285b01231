import { beforeEach, describe, expect, it } from 'vitest';
import { captureReferral, storedReferral } from './referral-capture';

describe('referral capture on start', () => {
  beforeEach(() => {
    localStorage.clear();
    window.history.replaceState(null, '', '/');
  });

  it('stores the code and removes only the referral parameter, without a reload', () => {
    window.history.replaceState(null, '', '/signup?page=2&referral=AB12CD34#top');
    captureReferral();
    expect(storedReferral()).toBe('AB12CD34');
    expect(`${location.pathname}${location.search}${location.hash}`).toBe('/signup?page=2#top');
  });

  it('leaves the address and a stored code alone when there is no parameter', () => {
    localStorage.setItem('referral_code', 'KEEPME22');
    window.history.replaceState(null, '', '/signup?x=1');
    captureReferral();
    expect(storedReferral()).toBe('KEEPME22');
    expect(location.search).toBe('?x=1');
  });
});
