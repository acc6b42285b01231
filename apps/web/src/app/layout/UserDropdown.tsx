import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { ChevronDown, LogOut, Settings, UserCircle } from 'lucide-react';
import { MSG, t } from '../../i18n';
import { signOut, useSession } from '../../lib/session';

export function initials(first = '', last = '') {
  return `${first.charAt(0)}${last.charAt(0)}`.toUpperCase() || '?';
}

export function UserDropdown() {
  const { user } = useSession();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const container = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    const onClick = (event: MouseEvent) => {
      if (!container.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && setOpen(false);
    document.addEventListener('mousedown', onClick);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('mousedown', onClick);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  // The server ends the session (the token stops working everywhere) and clears its cookie.
  const leave = async () => {
    setOpen(false);
    await signOut();
    navigate('/signin', { replace: true });
  };

  const itemClass =
    'flex w-full items-center gap-3 rounded-lg px-3 py-2 text-sm font-medium text-gray-700 hover:bg-gray-100 focus-visible:bg-gray-100 focus-visible:outline-none dark:text-gray-300 dark:hover:bg-white/5 dark:focus-visible:bg-white/5';

  return (
    <div className="relative" ref={container}>
      <button
        type="button"
        aria-label={t('layout.userMenu')}
        aria-haspopup="menu"
        aria-expanded={open}
        onClick={() => setOpen((value) => !value)}
        className="flex items-center gap-3 rounded-full text-gray-700 focus-visible:outline-2 focus-visible:outline-brand-500 dark:text-gray-300"
      >
        <span className="flex size-10 items-center justify-center rounded-full bg-brand-100 text-sm font-semibold text-brand-700 dark:bg-brand-500/20 dark:text-brand-200">
          {initials(user?.firstname, user?.lastname)}
        </span>
        <span className="hidden text-sm font-medium md:block">
          {user?.firstname} {user?.lastname}
        </span>
        <ChevronDown className={`hidden size-4 transition-transform md:block ${open ? 'rotate-180' : ''}`} />
      </button>
      {open && (
        <div
          role="menu"
          className="absolute right-0 z-50 mt-3 w-64 rounded-2xl border border-gray-200 bg-white p-3 shadow-lg dark:border-gray-800 dark:bg-gray-900"
        >
          <div className="border-b border-gray-200 px-3 pb-3 dark:border-gray-800">
            <p className="font-medium text-gray-800 dark:text-gray-100">
              {user?.firstname} {user?.lastname}
            </p>
            <p className="truncate text-sm text-gray-500 dark:text-gray-400">{user?.email}</p>
          </div>
          <div className="flex flex-col gap-1 py-3">
            <Link
              role="menuitem"
              to="/profile?edit=true"
              className={itemClass}
              onClick={() => setOpen(false)}
            >
              <Settings className="size-5 text-gray-500" /> {MSG.editProfile}
            </Link>
            <Link role="menuitem" to="/profile" className={itemClass} onClick={() => setOpen(false)}>
              <UserCircle className="size-5 text-gray-500" /> {MSG.userProfile}
            </Link>
          </div>
          <button
            type="button"
            role="menuitem"
            onClick={() => void leave()}
            className={`${itemClass} border-t border-gray-200 pt-3 dark:border-gray-800`}
          >
            <LogOut className="size-5 text-gray-500" /> {MSG.signOut}
          </button>
        </div>
      )}
    </div>
  );
}
