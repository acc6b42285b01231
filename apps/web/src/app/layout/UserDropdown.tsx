import { lazy, Suspense, useState } from 'react';
import { UserMenuFace, USER_MENU_BUTTON } from './UserMenuFace';

// The menu and its library (positioning, focus and dismissal, about 25 KB gzipped) load when the menu
// is first reached for, not with every screen.
const loadUserMenu = () => import('./UserMenu');
const UserMenu = lazy(loadUserMenu);

/** The header's user menu: its button at once, the menu from the first click or key on. */
export function UserDropdown() {
  const [wanted, setWanted] = useState(false);
  const button = (
    <button
      type="button"
      aria-haspopup="menu"
      aria-expanded={false}
      className={USER_MENU_BUTTON}
      // Fetched as the pointer or the keyboard comes near, so that the click finds it loaded.
      onPointerEnter={() => void loadUserMenu()}
      onFocus={() => void loadUserMenu()}
      onClick={() => setWanted(true)}
      // The keys the menu's own button opens on, so the keyboard finds it as it will be once loaded.
      onKeyDown={(event) => {
        if (!['Enter', ' ', 'ArrowDown'].includes(event.key)) return;
        event.preventDefault();
        setWanted(true);
      }}
    >
      <UserMenuFace />
    </button>
  );
  if (!wanted) return button;
  return (
    <Suspense fallback={button}>
      <UserMenu />
    </Suspense>
  );
}
