import { useCallback, useSyncExternalStore } from 'react';
import { DEFAULT_THEME, STORAGE_THEME } from '@blaster/contract';

export type Theme = 'light' | 'dark';

export function readTheme(): Theme {
  const stored = window.localStorage.getItem(STORAGE_THEME);
  return stored === 'dark' || stored === 'light' ? stored : DEFAULT_THEME;
}

export function applyTheme(theme: Theme) {
  document.documentElement.classList.toggle('dark', theme === 'dark');
}

const listeners = new Set<() => void>();

export function setTheme(theme: Theme) {
  window.localStorage.setItem(STORAGE_THEME, theme);
  applyTheme(theme);
  listeners.forEach((listener) => listener());
}

export function useTheme() {
  const theme = useSyncExternalStore((listener) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  }, readTheme);
  const toggle = useCallback(() => setTheme(theme === 'dark' ? 'light' : 'dark'), [theme]);
  return { theme, toggle };
}
