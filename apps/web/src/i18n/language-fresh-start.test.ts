import { afterEach, describe, expect, it, vi } from 'vitest';
import { setLanguage } from '.';

/*
 * A fresh start of the panel, as after a reload: each test loads the language module anew
 * (vi.resetModules). Kept apart from the panel's rendering tests, whose routes load their screens
 * lazily: a screen loaded after a reset would read a second copy of the module, in another language.
 */
afterEach(async () => {
  await setLanguage('default');
  window.localStorage.clear();
});

describe('language on a fresh start', () => {
  it('is remembered: a fresh start of the panel reads the last choice', async () => {
    await setLanguage('id');
    vi.resetModules();
    const fresh = await import('.');
    // The signed-in panel's shell brings the rest of MSG, as it does after a reload.
    await import('./panel-texts');
    expect(fresh.currentLanguage()).toBe('id');
    await fresh.loadStoredLanguage();
    expect(fresh.t('menu.members')).toBe('Daftar Member');
    expect(fresh.t('menu.proxies')).toBe('Proxy');
    expect(fresh.messages().whatsappTitleMember).toBe('Akun WhatsApp');
  });

  it('a fresh start whose first texts are read before the catalog arrives shows the sign-in screen in that language', async () => {
    await setLanguage('id');
    vi.resetModules();
    const fresh = await import('.');
    // A request's texts, read before the first render while the catalog is still on its way.
    expect(fresh.messages().signInTitle).toBe('Sign In');
    await fresh.loadStoredLanguage();
    expect(fresh.messages().signInTitle).toBe('Masuk');
  });
});
