import { useEffect, useRef } from 'react';
import clsx from 'clsx';
import { Link, useLocation } from 'react-router';
import { sidebarMenu, type MenuItem } from '@blaster/contract';
import { t } from '../../i18n';
import { useSession } from '../../lib/session';
import { SIDEBAR_ID, SIDEBAR_TOGGLE_ID, useSidebar } from '../sidebar-state';
import { Logo } from '../../components/Logo';
import { SidebarMenuItem } from './SidebarMenuItem';

function isActive(item: MenuItem, pathname: string) {
  const path = item.path.split('?')[0]!;
  if (path === '/') return pathname === '/' || pathname === '/dashboard';
  return pathname === path || pathname.startsWith(`${path}/`);
}

export function Sidebar() {
  const { user } = useSession();
  const { pathname } = useLocation();
  const { isExpanded, isMobile, isMobileOpen, isHovered, setHovered, closeMobile } = useSidebar();
  const showLabels = isExpanded || isHovered || isMobileOpen;
  const menu = sidebarMenu(user?.role);
  const aside = useRef<HTMLElement>(null);
  const drawerOpen = isMobile && isMobileOpen;

  // The phone's drawer takes the focus when it opens, and Escape closes it, back to its button.
  useEffect(() => {
    if (!drawerOpen) return;
    aside.current?.querySelector<HTMLElement>('a[href]')?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      closeMobile();
      document.getElementById(SIDEBAR_TOGGLE_ID)?.focus();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [drawerOpen, closeMobile]);

  return (
    <>
      {isMobile && isMobileOpen && (
        <div
          className="fixed inset-0 z-40 bg-gray-900/50 backdrop-blur-[2px]"
          onClick={closeMobile}
          aria-hidden="true"
        />
      )}
      <aside
        id={SIDEBAR_ID}
        ref={aside}
        // Off screen on a phone: out of the tab order and of what a screen reader reads.
        inert={isMobile && !isMobileOpen}
        className={clsx(
          'fixed top-0 left-0 z-50 flex h-screen flex-col border-r border-gray-200 bg-white px-4 transition-all duration-300 dark:border-gray-800 dark:bg-gray-900',
          showLabels ? 'w-[290px]' : 'w-[90px]',
          isMobile && !isMobileOpen && '-translate-x-full',
        )}
        onMouseEnter={() => !isExpanded && !isMobile && setHovered(true)}
        onMouseLeave={() => setHovered(false)}
      >
        <div className={clsx('flex h-[72px] shrink-0 items-center', showLabels ? 'px-2' : 'justify-center')}>
          <Link to="/" aria-label="Blaster Panel" onClick={closeMobile}>
            <Logo compact={!showLabels} />
          </Link>
        </div>
        <div className="flex-1 overflow-y-auto pb-6">
          <h2
            className={clsx(
              'mt-2 mb-3 text-xs font-medium tracking-wider text-gray-500 uppercase dark:text-gray-400',
              showLabels ? 'px-3' : 'text-center',
            )}
          >
            {showLabels ? t('layout.menu') : '•••'}
          </h2>
          <nav aria-label={t('layout.mainMenu')}>
            <ul className="flex flex-col gap-1">
              {menu.map((item) => (
                <SidebarMenuItem
                  key={item.path}
                  item={item}
                  active={isActive(item, pathname)}
                  showLabels={showLabels}
                  onNavigate={closeMobile}
                />
              ))}
            </ul>
          </nav>
        </div>
      </aside>
    </>
  );
}
