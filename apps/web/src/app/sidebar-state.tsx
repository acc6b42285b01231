import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { MOBILE_BREAKPOINT_PX } from '@blaster/contract';

interface SidebarState {
  isExpanded: boolean;
  isMobile: boolean;
  isMobileOpen: boolean;
  isHovered: boolean;
  toggle(): void;
  closeMobile(): void;
  setHovered(hovered: boolean): void;
}

/** The sidebar and the header button that opens and closes it, tied by these ids. */
export const SIDEBAR_ID = 'panel-sidebar';
export const SIDEBAR_TOGGLE_ID = 'panel-sidebar-toggle';

const SidebarContext = createContext<SidebarState | null>(null);

const mobileNow = () => window.innerWidth < MOBILE_BREAKPOINT_PX;

export function SidebarProvider({ children }: { children: ReactNode }) {
  const [expanded, setExpanded] = useState(true);
  const [isMobile, setIsMobile] = useState(mobileNow);
  const [isMobileOpen, setMobileOpen] = useState(false);
  const [isHovered, setHovered] = useState(false);

  useEffect(() => {
    const onResize = () => {
      const mobile = mobileNow();
      setIsMobile(mobile);
      // Going back to desktop closes the overlay so it does not reappear on the next shrink.
      if (!mobile) setMobileOpen(false);
    };
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  }, []);

  const toggle = useCallback(() => {
    if (mobileNow()) setMobileOpen((open) => !open);
    else setExpanded((value) => !value);
  }, []);
  const closeMobile = useCallback(() => setMobileOpen(false), []);

  const value = useMemo(
    () => ({
      // On mobile the sidebar is never "expanded": it is either over the page or hidden.
      isExpanded: isMobile ? false : expanded,
      isMobile,
      isMobileOpen,
      isHovered,
      toggle,
      closeMobile,
      setHovered,
    }),
    [expanded, isMobile, isMobileOpen, isHovered, toggle, closeMobile],
  );
  return <SidebarContext.Provider value={value}>{children}</SidebarContext.Provider>;
}

export function useSidebar(): SidebarState {
  const value = useContext(SidebarContext);
  if (!value) throw new Error('useSidebar outside SidebarProvider');
  return value;
}
