import { type MouseEvent, type PointerEvent, useEffect, useMemo, useRef } from 'react';
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

/**
 * Long press (350 ms, cancelled past 10 px of movement) for any element: spread the returned
 * handlers on it. `onLongPress` gets the point where the press began.
 */
export function useLongPress(onLongPress: (at: { x: number; y: number }) => void, enabled = true): LongPressHandlers {
  const callback = useRef(onLongPress);
  callback.current = onLongPress;
  const gesture = useMemo(() => createLongPress({ onLongPress: (at) => callback.current(at) }), []);
  const swallowClick = useRef(false);
  useEffect(() => () => gesture.cancel(), [gesture]);

  return useMemo(
    () => ({
      onPointerDown(e) {
        if (!enabled || (e.pointerType === 'mouse' && e.button !== 0)) return;
        swallowClick.current = false;
        gesture.down(e.clientX, e.clientY);
      },
      onPointerMove(e) {
        gesture.move(e.clientX, e.clientY);
      },
      onPointerUp() {
        swallowClick.current = gesture.up();
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
      },
      onContextMenu(e) {
        if (!enabled) return;
        e.preventDefault();
        if (gesture.fired) return;
        gesture.cancel();
        callback.current({ x: e.clientX, y: e.clientY });
      },
    }),
    [enabled, gesture],
  );
}
