import { StrictMode } from 'react';
import { LanguageBoundary } from './i18n/LanguageBoundary';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { Toaster } from 'sonner';
import { captureReferral } from './app/referral-capture';
import { createRouter } from './app/router';
import { applyTheme, readTheme, useTheme } from './app/theme';
import { setUnauthorizedHandler } from './lib/api';
import { clearSession, signOut } from './lib/session';
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

const queryClient = new QueryClient({
  defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: false, staleTime: 15_000 } },
});

function ThemedToaster() {
  const { theme } = useTheme();
  return <Toaster theme={theme} richColors closeButton position="top-right" />;
}

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <LanguageBoundary>
        <RouterProvider router={router} />
      </LanguageBoundary>
      <ThemedToaster />
    </QueryClientProvider>
  </StrictMode>,
);
