import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';

/** How long a new page may take to show its heading (lazy code, translations) before we give up. */
const HEADING_WAIT_MS = 5_000;
/** The new title is read a moment after the heading shows (pages set it in an effect). */
const ANNOUNCE_DELAY_MS = 100;

/** The page's main heading, else the main landmark (every layout's <main> takes focus). */
function pageFocusTarget(): HTMLElement | null {
  return (
    document.querySelector<HTMLElement>('main h1') ??
    document.querySelector<HTMLElement>('h1') ??
    document.querySelector<HTMLElement>('main')
  );
}

/**
 * Focuses the heading (made focusable by script only: tabindex -1, out of the Tab order). The
 * global :focus-visible rule draws a ring only when the last input was the keyboard, so a mouse
 * user sees none.
 */
export function focusPageHeading(target: HTMLElement | null = pageFocusTarget()): boolean {
  if (!target) return false;
  if (!target.hasAttribute('tabindex')) target.setAttribute('tabindex', '-1');
  target.focus({ preventScroll: true });
  return document.activeElement === target;
}

const isLost = (element: Element | null) => !element || element === document.body;

/**
 * After an in-app navigation (not the first load), moves focus to the new page's main heading
 * once it shows, and announces the new page's title in a polite live region. Focus is left alone
 * when the user (or the page: an autofocused field) has put it somewhere else meanwhile.
 */
function useFocusOnRouteChange(announce: (text: string) => void) {
  const { pathname } = useLocation();
  const previous = useRef(pathname);
  // What had focus when the user last clicked or pressed a key: what started the navigation.
  // (Read after the new page has rendered, focus may already be on a field it autofocused.)
  const trigger = useRef<Element | null>(null);
  useEffect(() => {
    const remember = () => {
      trigger.current = document.activeElement;
    };
    document.addEventListener('pointerdown', remember, true);
    document.addEventListener('keydown', remember, true);
    document.addEventListener('click', remember, true);
    return () => {
      document.removeEventListener('pointerdown', remember, true);
      document.removeEventListener('keydown', remember, true);
      document.removeEventListener('click', remember, true);
    };
  }, []);

  useEffect(() => {
    if (previous.current === pathname) return;
    previous.current = pathname;
    // Ours to move: lost, still on what started the navigation, or where a closing menu or sheet
    // put it back after its link left the page. Not when the new page focused one of its own
    // fields (autofocus) or the user moved on.
    const started = trigger.current;
    const focusIsOurs = () => {
      const active = document.activeElement;
      const main = document.querySelector('main');
      // On <main>: where the rescue below put it while the page had no heading yet.
      if (isLost(active) || active === started || active === main) return true;
      return started !== null && !started.isConnected && !main?.contains(active);
    };

    let settled = false;
    let announceTimer: number | undefined;
    const settle = () => {
      const heading = document.querySelector<HTMLElement>('main h1');
      if (!heading) return false;
      settled = true;
      if (focusIsOurs()) focusPageHeading(heading);
      // The page sets its title in an effect that may run just after its heading shows.
      announceTimer = window.setTimeout(
        () => announce(document.title || heading.textContent || ''),
        ANNOUNCE_DELAY_MS,
      );
      return true;
    };
    if (settle()) return () => window.clearTimeout(announceTimer);

    // Checked a moment after the DOM changes, once the page's effects (its title) have run.
    let pending: number | undefined;
    const observer = new MutationObserver(() => {
      if (pending !== undefined) return;
      pending = window.setTimeout(() => {
        pending = undefined;
        if (settle()) stop();
      }, 0);
    });
    const timer = window.setTimeout(() => {
      stop();
      // No heading came: at least keep focus on the page rather than on <body>.
      if (!settled && isLost(document.activeElement)) focusPageHeading();
    }, HEADING_WAIT_MS);
    function stop() {
      observer.disconnect();
      window.clearTimeout(timer);
      window.clearTimeout(pending);
    }
    function cancel() {
      stop();
      window.clearTimeout(announceTimer);
    }
    observer.observe(document.body, { childList: true, subtree: true });
    return cancel;
  }, [pathname, announce]);
}

/**
 * Keyboard users never lose focus to <body>: when the focused element leaves the page (the
 * empty state's "Add" button once the first item exists, a deleted row's menu, a dialog whose
 * trigger is gone), focus goes to the page's heading. Checked a moment after the DOM changes, so
 * a dialog's own return of focus to its trigger wins when that trigger is still there.
 */
function useFocusRescue() {
  useEffect(() => {
    let lastFocused: Element | null = null;
    let timer: number | undefined;
    const onFocusIn = (event: FocusEvent) => {
      lastFocused = event.target instanceof Element ? event.target : null;
    };
    const check = () => {
      timer = undefined;
      if (!lastFocused || lastFocused.isConnected || !isLost(document.activeElement)) return;
      lastFocused = null;
      focusPageHeading();
    };
    const observer = new MutationObserver(() => {
      if (timer === undefined && lastFocused && !lastFocused.isConnected) {
        timer = window.setTimeout(check, 50);
      }
    });
    document.addEventListener('focusin', onFocusIn);
    observer.observe(document.body, { childList: true, subtree: true });
    return () => {
      document.removeEventListener('focusin', onFocusIn);
      observer.disconnect();
      window.clearTimeout(timer);
    };
  }, []);
}

/** Focus management for the whole app (mounted once, in the root layout) and its live region. */
export function RouteFocus() {
  const [announcement, setAnnouncement] = useState('');
  useFocusOnRouteChange(setAnnouncement);
  useFocusRescue();
  return (
    <div role="status" aria-live="polite" aria-atomic="true" className="sr-only">
      {announcement}
    </div>
  );
}
