import clsx from 'clsx';
import { NavLink } from 'react-router';
import type { MenuItem } from '@blaster/contract';
import { t } from '../../i18n';
import { MenuIcon } from './MenuIcon';

/** One entry of the main menu; when the sidebar is narrow, its label is for screen readers only. */
export function SidebarMenuItem({
  item,
  active,
  showLabels,
  onNavigate,
}: {
  item: MenuItem;
  active: boolean;
  showLabels: boolean;
  onNavigate(): void;
}) {
  return (
    <li>
      <NavLink
        to={item.path}
        onClick={onNavigate}
        title={showLabels ? undefined : t(item.key)}
        className={clsx(
          'group flex items-center gap-3 rounded-lg px-3 py-2.5 text-sm font-medium transition-colors focus-visible:outline-2 focus-visible:outline-brand-500',
          !showLabels && 'justify-center',
          active
            ? 'bg-brand-50 text-brand-600 dark:bg-brand-500/15 dark:text-brand-300'
            : 'text-gray-700 hover:bg-gray-100 dark:text-gray-300 dark:hover:bg-white/5',
        )}
        aria-current={active ? 'page' : undefined}
      >
        <MenuIcon
          name={item.icon}
          className={clsx(
            'size-5 shrink-0',
            active ? 'text-brand-500' : 'text-gray-500 group-hover:text-gray-700 dark:text-gray-400',
          )}
        />
        {showLabels ? <span>{t(item.key)}</span> : <span className="sr-only">{t(item.key)}</span>}
      </NavLink>
    </li>
  );
}
