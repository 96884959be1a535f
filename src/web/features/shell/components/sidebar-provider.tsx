import {
  createContext,
  type CSSProperties,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useState,
} from 'react';
import { useLocation } from 'react-router';
import { cn } from '@/web/lib/cn';
import { readCookie, writeCookie } from '@/web/lib/cookies';
import { useIsMobile } from '../hooks/use-is-mobile';
import { hasCommandModifier, isInContentEditable } from '../keyboard';

/** Remembers whether the desktop sidebar is expanded ('true') or collapsed to icons ('false'). */
export const SIDEBAR_COOKIE = 'sidebar_state';
/** Seven days. */
export const SIDEBAR_COOKIE_MAX_AGE = 60 * 60 * 24 * 7;
/** The id of the sidebar element, for the header trigger's aria-controls. */
export const SIDEBAR_ID = 'app-sidebar';

export type SidebarState = 'expanded' | 'collapsed';

type SidebarContextValue = {
  /** Phone-sized viewport: the sidebar is a sheet. */
  isMobile: boolean;
  /** Desktop: expanded (true) or collapsed to the icon rail (false). */
  open: boolean;
  setOpen: (open: boolean) => void;
  /** Mobile: the sheet is showing. */
  openMobile: boolean;
  setOpenMobile: (open: boolean) => void;
  /** Desktop: expand or collapse; mobile: open or close the sheet. */
  toggle: () => void;
  state: SidebarState;
};

const SidebarContext = createContext<SidebarContextValue | null>(null);

export function useSidebar() {
  const context = useContext(SidebarContext);
  if (!context) throw new Error('useSidebar must be used inside <SidebarProvider>');
  return context;
}

function readStoredOpen() {
  return readCookie(SIDEBAR_COOKIE) !== 'false';
}

type SidebarProviderProps = {
  children: ReactNode;
  className?: string;
};

/**
 * Holds the sidebar's open state (kept 7 days in the `sidebar_state` cookie), switches to the
 * mobile sheet under 640 px, closes that sheet after navigation, and binds Ctrl/Cmd+B.
 */
export function SidebarProvider({ children, className }: SidebarProviderProps) {
  const isMobile = useIsMobile();
  const [open, setOpenState] = useState(readStoredOpen);
  const [openMobile, setOpenMobile] = useState(false);

  const setOpen = useCallback((next: boolean) => {
    setOpenState(next);
    writeCookie(SIDEBAR_COOKIE, String(next), SIDEBAR_COOKIE_MAX_AGE);
  }, []);

  const toggle = useCallback(() => {
    if (isMobile) setOpenMobile((current) => !current);
    else setOpen(!open);
  }, [isMobile, open, setOpen]);

  // A new page closes the mobile sheet (links, shortcuts, back button alike).
  const { pathname } = useLocation();
  const [lastPathname, setLastPathname] = useState(pathname);
  if (pathname !== lastPathname) {
    setLastPathname(pathname);
    setOpenMobile(false);
  }

  useEffect(() => {
    function onKeyDown(event: KeyboardEvent) {
      if (event.key.toLowerCase() !== 'b' || !hasCommandModifier(event) || event.defaultPrevented)
        return;
      // Ctrl+B is "bold" in rich-text editors.
      if (isInContentEditable(event.target)) return;
      event.preventDefault();
      toggle();
    }
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [toggle]);

  const value = useMemo<SidebarContextValue>(
    () => ({
      isMobile,
      open,
      setOpen,
      openMobile,
      setOpenMobile,
      toggle,
      state: open ? 'expanded' : 'collapsed',
    }),
    [isMobile, open, setOpen, openMobile, toggle],
  );

  return (
    <SidebarContext.Provider value={value}>
      <div
        data-sidebar-state={value.state}
        style={
          {
            '--sidebar-width': '16rem',
            '--sidebar-width-icon': '3rem',
          } as CSSProperties
        }
        className={cn('flex min-h-dvh w-full bg-background', className)}
      >
        {children}
      </div>
    </SidebarContext.Provider>
  );
}
