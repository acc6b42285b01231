import { Menu, Moon, PanelLeftClose, Sun, X } from 'lucide-react';
import { SIDEBAR_ID, SIDEBAR_TOGGLE_ID, useSidebar } from '../sidebar-state';
import { useTheme } from '../../components/theme';
import { t } from '../../i18n';
import { HeaderSearch } from './HeaderSearch';
import { LanguageSwitch } from '../../components/LanguageSwitch';
import { LiveIndicator } from './LiveIndicator';
import { UserDropdown } from './UserDropdown';

export function Header() {
  const { toggle, isMobile, isMobileOpen, isExpanded } = useSidebar();
  const { theme, toggle: toggleTheme } = useTheme();
  const ToggleIcon = isMobile ? (isMobileOpen ? X : Menu) : isExpanded ? PanelLeftClose : Menu;

  return (
    <header className="sticky top-0 z-30 flex w-full border-b border-gray-200 bg-white/95 backdrop-blur dark:border-gray-800 dark:bg-gray-900/95">
      <div className="flex w-full items-center gap-3 px-3 py-3 sm:gap-4 md:px-6">
        <button
          type="button"
          id={SIDEBAR_TOGGLE_ID}
          aria-label={t('layout.toggleSidebar')}
          aria-controls={SIDEBAR_ID}
          aria-expanded={isMobile ? isMobileOpen : isExpanded}
          onClick={toggle}
          className="flex size-10 shrink-0 items-center justify-center rounded-lg border border-gray-200 text-gray-500 hover:bg-gray-100 dark:border-gray-800 dark:text-gray-400 dark:hover:bg-white/5"
        >
          <ToggleIcon className="size-5" />
        </button>
        <HeaderSearch />
        <div className="ml-auto flex shrink-0 items-center gap-3">
          <LiveIndicator />
          <LanguageSwitch />
          <button
            type="button"
            aria-label={t('layout.toggleTheme')}
            aria-pressed={theme === 'dark'}
            onClick={toggleTheme}
            className="flex size-10 items-center justify-center rounded-full border border-gray-200 text-gray-500 hover:bg-gray-100 dark:border-gray-800 dark:text-gray-400 dark:hover:bg-white/5"
          >
            {theme === 'dark' ? <Sun className="size-5" /> : <Moon className="size-5" />}
          </button>
          <UserDropdown />
        </div>
      </div>
    </header>
  );
}
