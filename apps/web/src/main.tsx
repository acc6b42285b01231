import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
// The DOM's RouterProvider draws an update marked flushSync at once (the list filters rely on it).
import { RouterProvider } from 'react-router/dom';
import { captureReferral } from './lib/referral-capture';
import { createRouter } from './app/router';
import { applyTheme, readTheme } from './components/theme';
import { setUnauthorizedHandler } from './lib/api';
import { clearSession, hasStoredUser, loadStoredUserCheck, signOut } from './lib/session';
import { loadStoredLanguage } from './i18n';
import { LanguageBoundary } from './i18n/LanguageBoundary';
import './index.css';

captureReferral();
applyTheme(readTheme());

const router = createRouter();
setUnauthorizedHandler(() => {
  clearSession();
  // The dead token's HttpOnly cookie can only be cleared by the server.
  void signOut();
  void router.navigate('/signin', { replace: true });
});

// A stored user is checked, and a remembered language's catalog loaded, before the first render. Not a
// top-level await: the check's chunk imports modules of this one, which must finish evaluating first.
const ready = Promise.all([hasStoredUser() ? loadStoredUserCheck() : undefined, loadStoredLanguage()]);
void ready.then(() =>
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      {/* The query cache and the toasts come with the signed-in panel (app/PanelShell). */}
      <LanguageBoundary>
        <RouterProvider router={router} />
      </LanguageBoundary>
    </StrictMode>,
  ),
);
