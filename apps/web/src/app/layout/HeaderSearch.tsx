import { useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { Search } from 'lucide-react';
import { SEARCH_SHORTCUT_KEY, sidebarMenu } from '@blaster/contract';
import { t } from '../../i18n';
import { useSession } from '../../lib/session';

/** Jumps to a screen of the role's menu; Ctrl/Cmd+K focuses it from anywhere. */
export function HeaderSearch() {
  const input = useRef<HTMLInputElement>(null);
  const navigate = useNavigate();
  const { user } = useSession();
  const [query, setQuery] = useState('');
  const [open, setOpen] = useState(false);
  const [highlighted, setHighlighted] = useState(0);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if ((event.metaKey || event.ctrlKey) && event.key.toLowerCase() === SEARCH_SHORTCUT_KEY) {
        event.preventDefault();
        input.current?.focus();
      }
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);

  const matches = useMemo(() => {
    const needle = query.trim().toLowerCase();
    if (!needle) return [];
    return sidebarMenu(user?.role).filter((item) => t(item.key).toLowerCase().includes(needle));
  }, [query, user?.role]);

  const go = (path: string) => {
    navigate(path);
    setQuery('');
    setOpen(false);
    input.current?.blur();
  };

  const isMac = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform);

  return (
    <div className="relative hidden w-full max-w-[430px] sm:block">
      <Search className="pointer-events-none absolute top-1/2 left-4 size-5 -translate-y-1/2 text-gray-400" />
      <input
        ref={input}
        type="search"
        role="combobox"
        aria-expanded={open && matches.length > 0}
        aria-controls="header-search-results"
        aria-label={t('layout.searchMenu')}
        placeholder={t('layout.searchMenuPlaceholder')}
        value={query}
        onChange={(event) => {
          setQuery(event.target.value);
          setHighlighted(0);
          setOpen(true);
        }}
        onFocus={() => setOpen(true)}
        onBlur={() => setTimeout(() => setOpen(false), 120)}
        onKeyDown={(event) => {
          if (event.key === 'ArrowDown') setHighlighted((i) => Math.min(i + 1, matches.length - 1));
          if (event.key === 'ArrowUp') setHighlighted((i) => Math.max(i - 1, 0));
          if (event.key === 'Escape') {
            setQuery('');
            input.current?.blur();
          }
          const target = matches[highlighted];
          if (event.key === 'Enter' && target) go(target.path);
        }}
        className="h-11 w-full rounded-lg border border-gray-200 bg-transparent py-2.5 pr-16 pl-12 text-sm text-gray-800 placeholder:text-gray-400 focus:border-brand-300 focus:ring-3 focus:ring-brand-500/10 focus:outline-none dark:border-gray-800 dark:bg-white/[0.03] dark:text-white/90 dark:placeholder:text-white/30"
      />
      <kbd className="absolute top-1/2 right-2.5 -translate-y-1/2 rounded-md border border-gray-200 bg-gray-50 px-2 py-0.5 text-xs text-gray-500 dark:border-gray-800 dark:bg-white/[0.03] dark:text-gray-400">
        {isMac ? '⌘' : 'Ctrl'} K
      </kbd>
      {open && matches.length > 0 && (
        <ul
          id="header-search-results"
          role="listbox"
          className="absolute top-full right-0 left-0 z-50 mt-2 overflow-hidden rounded-xl border border-gray-200 bg-white py-1 shadow-lg dark:border-gray-800 dark:bg-gray-900"
        >
          {matches.map((item, index) => (
            <li key={item.path} role="option" aria-selected={index === highlighted}>
              <button
                type="button"
                onMouseDown={(event) => event.preventDefault()}
                onClick={() => go(item.path)}
                className={`block w-full px-4 py-2 text-left text-sm ${index === highlighted ? 'bg-brand-50 text-brand-600 dark:bg-brand-500/15 dark:text-brand-300' : 'text-gray-700 dark:text-gray-300'}`}
              >
                {t(item.key)}
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
