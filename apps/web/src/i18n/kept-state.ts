import { useCallback, useEffect, useState, useSyncExternalStore } from 'react';
import { currentLanguage, type Language } from '.';

/** A kept value, the language it was last shown in, and the screens that show it. */
interface Kept {
  value: unknown;
  language: Language;
  listeners: Set<() => void>;
}
const kept = new Map<string, Kept>();

/**
 * State that outlives the panel's redraw on a language switch, and only that. `LanguageBoundary`
 * mounts every screen afresh when the language changes, which would wipe what a user just got (an
 * import's result) or what is still under way (an upload's progress); a value kept here comes back
 * in the new language, and work started before the switch still updates it, since its setter writes
 * to the same store. Leaving the screen forgets it, so a later visit starts empty as before (work
 * still running then writes where nobody looks).
 */
export function useStateAcrossLanguages<T>(key: string, initial: T) {
  const [entry] = useState<Kept>(() => {
    const found = kept.get(key);
    return found && found.language !== currentLanguage()
      ? found
      : { value: initial, language: currentLanguage(), listeners: new Set() };
  });
  const value = useSyncExternalStore(
    useCallback(
      (listener: () => void) => {
        entry.listeners.add(listener);
        return () => entry.listeners.delete(listener);
      },
      [entry],
    ),
    () => entry.value as T,
  );
  const setValue = useCallback(
    (next: T | ((current: T) => T)) => {
      entry.value = typeof next === 'function' ? (next as (current: T) => T)(entry.value as T) : next;
      for (const listener of entry.listeners) listener();
    },
    [entry],
  );
  useEffect(() => {
    entry.language = currentLanguage();
    kept.set(key, entry);
    return () => {
      // Unmounted in the language it was kept in: the screen was left, not redrawn.
      if (kept.get(key) === entry && entry.language === currentLanguage()) kept.delete(key);
    };
  }, [key, entry]);
  return [value, setValue] as const;
}
