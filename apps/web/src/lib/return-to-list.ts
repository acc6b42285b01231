import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { toast } from 'sonner';
import { t } from '../i18n';

/** The panel's pages in the order they were shown: the one on screen and the one before it. */
const trail: { current?: string; previous?: string } = {};

/** Records each page the panel shows (a new search on the same page is the same page). */
export function usePageTrail() {
  const { pathname } = useLocation();
  useEffect(() => {
    if (trail.current === pathname) return;
    trail.previous = trail.current;
    trail.current = pathname;
  }, [pathname]);
}

/** The list a form belongs to: /proxy/edit → /proxy, /generator/create → /generator/list. */
export function listOf(formPath: string): string {
  const list = formPath.replace(/\/(create|edit)$/, '') || '/';
  return list === '/generator' || list === '/validator' ? `${list}/list` : list;
}

/**
 * After a save: one toast (none when a dialog already said it), then back to the list the form belongs
 * to. Back one page when that page was the list, or another list the form is opened from (`alsoFrom`),
 * so its search, filters and page come back with it; otherwise (a link, a new tab, the palette) straight
 * to the form's list, never to whatever page happened to be before.
 */
export function useReturnToList(alsoFrom: string[] = []) {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  return (savedText: string | null = t('common.saved')) => {
    if (savedText) toast.success(savedText);
    const list = listOf(pathname);
    if (trail.previous && [list, ...alsoFrom].includes(trail.previous)) void navigate(-1);
    else void navigate(list);
  };
}
