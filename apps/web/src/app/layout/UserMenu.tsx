import { Link, useNavigate } from 'react-router';
import { LogOut, Settings, UserCircle } from 'lucide-react';
import { useMessages } from '../../i18n';
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
import { UserMenuFace, USER_MENU_BUTTON } from './UserMenuFace';

/** The user menu itself, with its menu library: loaded when first opened (UserDropdown), open at once. */
export default function UserMenu() {
  const MSG = useMessages();
  const { user } = useSession();
  const navigate = useNavigate();

  // The server ends the session (the token stops working everywhere) and clears its cookie.
  const leave = async () => {
    await signOut();
    navigate('/signin', { replace: true });
  };

  return (
    <DropdownMenu modal={false} defaultOpen>
      <DropdownMenuTrigger className={USER_MENU_BUTTON}>
        <UserMenuFace />
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
