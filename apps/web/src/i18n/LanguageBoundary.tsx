import { Fragment, type ReactNode } from 'react';
import { useLanguage } from '.';

/**
 * Renders its children again from the top when the language changes, so every text — including those
 * read outside React components, in column definitions and dialogs — takes the new catalog at once.
 */
export function LanguageBoundary({ children }: { children: ReactNode }) {
  const language = useLanguage();
  return <Fragment key={language}>{children}</Fragment>;
}
