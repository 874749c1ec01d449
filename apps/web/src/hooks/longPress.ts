import { LONG_PRESS_MOVE_PX, LONG_PRESS_MS } from '@parley/protocol';

/**
 * The long-press gesture as plain logic (spec §9): recognised after `delayMs` (350 ms) of holding,
 * cancelled when the pointer moves more than `moveTolerancePx` (10 px) from where it went down.
 * Timers are injected so the rules are unit-tested without a DOM.
 */
export interface LongPressOptions {
  onLongPress: (at: { x: number; y: number }) => void;
  delayMs?: number;
  moveTolerancePx?: number;
  setTimer?: (fn: () => void, ms: number) => unknown;
  clearTimer?: (handle: unknown) => void;
}

export interface LongPressGesture {
  down(x: number, y: number): void;
  /** Returns false once the press has been cancelled by moving too far. */
  move(x: number, y: number): boolean;
  /** Ends the press; true when the long press fired (the following click should be ignored). */
  up(): boolean;
  cancel(): void;
  readonly fired: boolean;
}

export function createLongPress(options: LongPressOptions): LongPressGesture {
  const delay = options.delayMs ?? LONG_PRESS_MS;
  const tolerance = options.moveTolerancePx ?? LONG_PRESS_MOVE_PX;
  const setTimer = options.setTimer ?? ((fn, ms) => setTimeout(fn, ms));
  const clearTimer = options.clearTimer ?? ((h) => clearTimeout(h as ReturnType<typeof setTimeout>));
  let timer: unknown = null;
  let origin: { x: number; y: number } | null = null;
  let fired = false;

  const stop = () => {
    if (timer !== null) clearTimer(timer);
    timer = null;
  };

  return {
    down(x, y) {
      stop();
      fired = false;
      origin = { x, y };
      timer = setTimer(() => {
        timer = null;
        if (!origin) return;
        fired = true;
        options.onLongPress(origin);
      }, delay);
    },
    move(x, y) {
      if (!origin) return false;
      if (Math.hypot(x - origin.x, y - origin.y) > tolerance) {
        stop();
        origin = null;
        return false;
      }
      return true;
    },
    up() {
      stop();
      origin = null;
      return fired;
    },
    cancel() {
      stop();
      origin = null;
    },
    get fired() {
      return fired;
    },
  };
}
