import { lazy, Suspense, useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { Search } from 'lucide-react';
import { SEARCH_SHORTCUT_KEY, canOpen, sidebarMenu } from '@blaster/contract';
import { t } from '../../i18n';
import { useSession } from '../../lib/session';

// The palette and its dialog library load when it first opens, not with every screen.
const MenuPalette = lazy(() => import('./MenuPalette'));

/** Jumps to a screen of the role's menu: a command palette, opened from here or by Ctrl/Cmd+K. */
export function HeaderSearch() {
  const navigate = useNavigate();
  const { user } = useSession();
  const [open, setOpen] = useState(false);
  // Kept once loaded, so the dialog can animate its closing.
  const [paletteWanted, setPaletteWanted] = useState(false);
  if (open && !paletteWanted) setPaletteWanted(true);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if ((event.metaKey || event.ctrlKey) && event.key.toLowerCase() === SEARCH_SHORTCUT_KEY) {
        event.preventDefault();
        setOpen((value) => !value);
      }
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);

  // The role's menu, less any entry its route table would refuse (the address drops its query).
  const entries = sidebarMenu(user?.role).filter((item) => canOpen(user?.role, item.path.split('?')[0]!));

  const go = (path: string) => {
    setOpen(false);
    void navigate(path);
  };

  const isMac = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform);

  return (
    <>
      <button
        type="button"
        aria-haspopup="dialog"
        aria-keyshortcuts={`${isMac ? 'Meta' : 'Control'}+${SEARCH_SHORTCUT_KEY.toUpperCase()}`}
        onClick={() => setOpen(true)}
        className="relative flex size-10 shrink-0 items-center justify-center rounded-lg border border-gray-200 text-sm text-gray-500 hover:bg-gray-50 sm:h-11 sm:w-full sm:max-w-[430px] sm:min-w-0 sm:shrink sm:justify-start sm:pr-16 sm:pl-12 dark:border-gray-800 dark:bg-white/[0.03] dark:text-gray-400 dark:hover:bg-white/5"
      >
        <Search
          className="size-5 text-gray-400 sm:absolute sm:top-1/2 sm:left-4 sm:-translate-y-1/2"
          aria-hidden="true"
        />
        <span className="sr-only sm:not-sr-only sm:truncate">{t('layout.searchMenuPlaceholder')}</span>
        <kbd className="absolute top-1/2 right-2.5 hidden -translate-y-1/2 rounded-md border border-gray-200 bg-gray-50 px-2 py-0.5 text-xs text-gray-500 sm:inline dark:border-gray-800 dark:bg-white/[0.03] dark:text-gray-400">
          {isMac ? '⌘' : 'Ctrl'} K
        </kbd>
      </button>
      {paletteWanted && (
        <Suspense fallback={null}>
          <MenuPalette open={open} onOpenChange={setOpen} entries={entries} onSelect={go} />
        </Suspense>
      )}
    </>
  );
}
