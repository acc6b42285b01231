import { ChevronDown } from 'lucide-react';
import { t } from '../../i18n';
import { useSession } from '../../lib/session';
import { initials } from '../../lib/initials';

export const USER_MENU_BUTTON =
  'group flex items-center gap-3 rounded-full text-gray-700 focus-visible:outline-2 focus-visible:outline-brand-500 dark:text-gray-300';

/** What the user menu's button shows: the user's initials and name. */
export function UserMenuFace() {
  const { user } = useSession();
  return (
    <>
      <span className="sr-only">{t('layout.userMenu')}:</span>
      <span className="flex size-10 items-center justify-center rounded-full bg-brand-100 text-sm font-semibold text-brand-700 dark:bg-brand-500/20 dark:text-brand-200">
        {initials(user?.firstname, user?.lastname)}
      </span>
      <span className="sr-only text-sm font-medium whitespace-nowrap md:not-sr-only md:block md:max-w-40 md:truncate">
        {user?.firstname} {user?.lastname}
      </span>
      <ChevronDown className="hidden size-4 transition-transform group-data-[state=open]:rotate-180 md:block" />
    </>
  );
}
