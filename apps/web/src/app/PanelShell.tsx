// First: the panel's own texts, before any module of the panel reads one.
import '../i18n/panel-texts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { Toaster } from 'sonner';
import { MessageDialogHost } from '../components/ui/message-dialog';
import { AppLayout } from './layout/AppLayout';
import { useTheme } from '../components/theme';
import { t } from '../i18n';

// One cache for the whole visit: it outlives the shell when the user signs out and in again.
const queryClient = new QueryClient({
  defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: false, staleTime: 15_000 } },
});

function ThemedToaster() {
  const { theme } = useTheme();
  return (
    <Toaster
      theme={theme}
      richColors
      closeButton
      position="top-right"
      toastOptions={{ closeButtonAriaLabel: t('common.close') }}
    />
  );
}

/**
 * The signed-in panel with what only it needs: the query cache and the toasts. Loaded after sign-in,
 * so the sign-in page does not download them.
 */
export function PanelShell() {
  return (
    <QueryClientProvider client={queryClient}>
      <AppLayout />
      <ThemedToaster />
      <MessageDialogHost />
    </QueryClientProvider>
  );
}
