import { useEffect } from 'react';
import clsx from 'clsx';
import { Outlet, useLocation } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { useBlastFeedback } from '../../features/whatsapp/blast-feedback';
import { onRealtimeReconnect } from '../../lib/realtime';
import { useSession } from '../../lib/session';
import { t } from '../../i18n';
import { SidebarProvider, useSidebar } from '../sidebar-state';
import { Header } from './Header';
import { Sidebar } from './Sidebar';
import { usePageTrail } from '../../lib/return-to-list';

function ScrollToTop() {
  const { pathname, search } = useLocation();
  useEffect(() => {
    window.scrollTo({ top: 0, left: 0 });
  }, [pathname, search]);
  return null;
}

/** Back after being offline: whatever the screen shows is fetched again. */
function RefetchOnReconnect() {
  const queryClient = useQueryClient();
  useEffect(() => onRealtimeReconnect(() => void queryClient.invalidateQueries()), [queryClient]);
  return null;
}

function BlastFeedback() {
  const { user } = useSession();
  useBlastFeedback(user);
  return null;
}

function Shell() {
  const { isExpanded, isHovered, isMobile } = useSidebar();
  return (
    <div className="min-h-screen">
      {/* First stop of the keyboard: past the menu and the header to the screen itself. */}
      <a
        href="#main-content"
        className="sr-only-focusable fixed top-3 left-3 z-[100000] rounded-lg bg-brand-700 px-4 py-3 text-sm font-medium text-white shadow-lg focus:outline-2 focus:outline-offset-2 focus:outline-brand-700"
      >
        {t('common.skipToContent')}
      </a>
      <ScrollToTop />
      <RefetchOnReconnect />
      <BlastFeedback />
      <Sidebar />
      <div
        className={clsx(
          'flex min-h-screen flex-col transition-all duration-300',
          !isMobile && (isExpanded || isHovered ? 'ml-[290px]' : 'ml-[90px]'),
        )}
      >
        <Header />
        <main
          id="main-content"
          tabIndex={-1}
          className="mx-auto w-full max-w-screen-2xl flex-1 p-4 focus:outline-none md:p-6"
        >
          <Outlet />
        </main>
      </div>
    </div>
  );
}

export function AppLayout() {
  usePageTrail();
  return (
    <SidebarProvider>
      <Shell />
    </SidebarProvider>
  );
}
