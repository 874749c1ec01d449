import { type MouseEvent, type PointerEvent, useCallback, useEffect, useMemo, useRef } from 'react';
import { createLongPress } from './longPress.ts';

export interface LongPressHandlers {
  onPointerDown(e: PointerEvent): void;
  onPointerMove(e: PointerEvent): void;
  onPointerUp(e: PointerEvent): void;
  onPointerCancel(e: PointerEvent): void;
  onPointerLeave(e: PointerEvent): void;
  /** Swallows the click that ends a long press. */
  onClickCapture(e: MouseEvent): void;
  /** A desktop right-click (or the platform's own long-press menu) opens ours instead. */
  onContextMenu(e: MouseEvent): void;
}

/** After a long press is lifted, how long to wait for the click that ends it (a phone may send none). */
const CLICK_AFTER_LIFT_MS = 250;

/**
 * Long press (350 ms, cancelled past 10 px of movement) for any element: spread the returned
 * handlers on it. `onLongPress` gets the point where the press began. With `whenLifted`, it runs
 * once the finger is lifted and its click has passed: a menu that covers the element (a bottom
 * sheet with a mask) then opens after that click instead of being closed by it.
 */
export function useLongPress(onLongPress: (at: { x: number; y: number }) => void, enabled = true, options: { whenLifted?: boolean } = {}): LongPressHandlers {
  const callback = useRef(onLongPress);
  callback.current = onLongPress;
  const whenLifted = options.whenLifted === true;
  const held = useRef<{ at: { x: number; y: number }; timer?: ReturnType<typeof setTimeout> } | null>(null);
  const gesture = useMemo(
    () =>
      createLongPress({
        onLongPress: (at) => {
          if (whenLifted) held.current = { at };
          else callback.current(at);
        },
      }),
    [whenLifted],
  );
  const swallowClick = useRef(false);
  const rightClick = useRef(false);
  useEffect(() => () => gesture.cancel(), [gesture]);
  const release = useCallback(() => {
    const h = held.current;
    held.current = null;
    if (!h) return;
    clearTimeout(h.timer);
    callback.current(h.at);
  }, []);

  return useMemo(
    () => ({
      onPointerDown(e) {
        rightClick.current = e.pointerType === 'mouse' && e.button === 2;
        if (!enabled || (e.pointerType === 'mouse' && e.button !== 0)) return;
        swallowClick.current = false;
        gesture.down(e.clientX, e.clientY);
      },
      onPointerMove(e) {
        gesture.move(e.clientX, e.clientY);
      },
      onPointerUp() {
        swallowClick.current = gesture.up();
        if (held.current) held.current.timer = setTimeout(release, CLICK_AFTER_LIFT_MS);
      },
      onPointerCancel() {
        gesture.cancel();
      },
      onPointerLeave() {
        gesture.cancel();
      },
      onClickCapture(e) {
        if (!swallowClick.current) return;
        swallowClick.current = false;
        e.stopPropagation();
        e.preventDefault();
        release();
      },
      onContextMenu(e) {
        if (!enabled) return;
        e.preventDefault();
        // the platform's own menu of a press that already opened ours (a right-click is always new)
        if (gesture.fired && !rightClick.current) return;
        rightClick.current = false;
        gesture.cancel();
        callback.current({ x: e.clientX, y: e.clientY });
      },
    }),
    [enabled, gesture, release],
  );
}
