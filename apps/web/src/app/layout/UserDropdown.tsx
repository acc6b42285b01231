import { Link, useNavigate } from 'react-router';
import { ChevronDown, LogOut, Settings, UserCircle } from 'lucide-react';
import { t, useMessages } from '../../i18n';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuGroup,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '../../components/ui/dropdown-menu';
import { signOut, useSession } from '../../lib/session';
import { initials } from '../../lib/initials';

export function UserDropdown() {
  const MSG = useMessages();
  const { user } = useSession();
  const navigate = useNavigate();

  // The server ends the session (the token stops working everywhere) and clears its cookie.
  const leave = async () => {
    await signOut();
    navigate('/signin', { replace: true });
  };

  return (
    <DropdownMenu modal={false}>
      <DropdownMenuTrigger className="group flex items-center gap-3 rounded-full text-gray-700 focus-visible:outline-2 focus-visible:outline-brand-500 dark:text-gray-300">
        <span className="sr-only">{t('layout.userMenu')}:</span>
        <span className="flex size-10 items-center justify-center rounded-full bg-brand-100 text-sm font-semibold text-brand-700 dark:bg-brand-500/20 dark:text-brand-200">
          {initials(user?.firstname, user?.lastname)}
        </span>
        <span className="sr-only text-sm font-medium whitespace-nowrap md:not-sr-only md:block md:max-w-40 md:truncate">
          {user?.firstname} {user?.lastname}
        </span>
        <ChevronDown className="hidden size-4 transition-transform group-data-[state=open]:rotate-180 md:block" />
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        <DropdownMenuLabel className="border-b border-gray-200 dark:border-gray-800">
          <p className="font-medium text-gray-800 dark:text-gray-100">
            {user?.firstname} {user?.lastname}
          </p>
          <p className="truncate text-sm font-normal text-muted">{user?.email}</p>
        </DropdownMenuLabel>
        <DropdownMenuGroup className="flex flex-col gap-1 py-3">
          <DropdownMenuItem asChild>
            <Link to="/profile?edit=true">
              <Settings className="size-5 text-gray-500" /> {MSG.editProfile}
            </Link>
          </DropdownMenuItem>
          <DropdownMenuItem asChild>
            <Link to="/profile">
              <UserCircle className="size-5 text-gray-500" /> {MSG.userProfile}
            </Link>
          </DropdownMenuItem>
        </DropdownMenuGroup>
        <DropdownMenuSeparator className="my-0" />
        <DropdownMenuItem className="mt-3" onSelect={() => void leave()}>
          <LogOut className="size-5 text-gray-500" /> {MSG.signOut}
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
