import { configure } from '@testing-library/react';
import { loadStoredUserCheck } from '../lib/session';
// Screens rendered on their own, outside the panel shell that brings these texts, need them too. The
// account screens' texts are not loaded here: each screen that shows them imports them, as in the panel.
import '../i18n/panel-texts';

// Each test file runs in a fresh context of its own (vitest.config.ts), where jsdom brings no web
// streams; the tests build the fetch answers the panel streams (server exports) from Node's.
if (typeof globalThis.ReadableStream === 'undefined') {
  const { ReadableStream } = await import('node:stream/web');
  Object.assign(globalThis, { ReadableStream });
}

// The panel loads the user cookie's check before its first render (main.tsx); so do the tests.
await loadStoredUserCheck();
// Screens load on first use (app/router.tsx): the first test to open one waits for its module. Waits
// have no deadline of their own: this limit, as the test's (vitest.config.ts), only ends a hang, so it is
// generous enough for a machine busy with other work, and a wait that gives up still names what it missed.
configure({ asyncUtilTimeout: 45_000 });
