import { useEffect, useRef } from 'react';

type OverlayState = { overlay?: string } | null;
const overlayOf = (): string | undefined => (window.history.state as OverlayState)?.overlay;

/**
 * Back closes an overlay (a photo viewer, a sheet) rather than leaving the page under it, as phones
 * do: while `open`, an entry of the same address is on top of the history, and Back, which takes it
 * off, runs `close`. Closed otherwise, the overlay takes its entry back off, a turn later, so that
 * StrictMode's rehearsal (closed and opened again at once) keeps the one entry.
 */
export function useBackCloses(open: boolean, close: () => void): void {
  const closeRef = useRef(close);
  closeRef.current = close;
  const entry = useRef<{ marker: string; removal?: ReturnType<typeof setTimeout> } | null>(null);
  useEffect(() => {
    if (!open) return;
    let mine = entry.current;
    if (mine && mine.removal !== undefined && overlayOf() === mine.marker) {
      clearTimeout(mine.removal);
      mine.removal = undefined;
    } else {
      mine = { marker: `${Date.now().toString(36)}${Math.random().toString(36).slice(2)}` };
      entry.current = mine;
      window.history.pushState({ ...(window.history.state as object | null), overlay: mine.marker }, '');
    }
    const own = mine;
    const onPop = () => {
      if (overlayOf() === own.marker) return;
      entry.current = null;
      closeRef.current();
    };
    window.addEventListener('popstate', onPop);
    return () => {
      window.removeEventListener('popstate', onPop);
      if (entry.current !== own) return; // Back took the entry off
      own.removal = setTimeout(() => {
        if (entry.current !== own) return;
        entry.current = null;
        if (overlayOf() === own.marker) window.history.back();
      }, 0);
    };
  }, [open]);
}
