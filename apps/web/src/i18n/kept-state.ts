import { useEffect, useState } from 'react';
import { currentLanguage, type Language } from '.';

const kept = new Map<string, { value: unknown; language: Language }>();

/**
 * State that outlives the panel's redraw on a language switch, and only that. `LanguageBoundary`
 * mounts every screen afresh when the language changes, which would wipe what a user just got (an
 * import's result); a value kept here comes back in the new language. Leaving the screen forgets it,
 * so a later visit starts empty as before.
 */
export function useStateAcrossLanguages<T>(key: string, initial: T) {
  const [value, setValue] = useState<T>(() => {
    const entry = kept.get(key);
    return entry && entry.language !== currentLanguage() ? (entry.value as T) : initial;
  });
  useEffect(() => {
    kept.set(key, { value, language: currentLanguage() });
  }, [key, value]);
  useEffect(
    () => () => {
      // Unmounted in the language it was kept in: the screen was left, not redrawn.
      if (kept.get(key)?.language === currentLanguage()) kept.delete(key);
    },
    [key],
  );
  return [value, setValue] as const;
}
