import { LONG_PRESS_MOVE_PX, LONG_PRESS_MS } from '@parley/protocol';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createLongPress } from './longPress.ts';

describe('createLongPress', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  const setup = () => {
    const onLongPress = vi.fn();
    return { onLongPress, g: createLongPress({ onLongPress }) };
  };

  it('fires after 350 ms of holding, at the point pressed', () => {
    const { onLongPress, g } = setup();
    g.down(100, 200);
    vi.advanceTimersByTime(LONG_PRESS_MS - 1);
    expect(onLongPress).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(onLongPress).toHaveBeenCalledWith({ x: 100, y: 200 });
    expect(g.up()).toBe(true);
  });

  it('a short press is a tap', () => {
    const { onLongPress, g } = setup();
    g.down(0, 0);
    vi.advanceTimersByTime(200);
    expect(g.up()).toBe(false);
    vi.advanceTimersByTime(1000);
    expect(onLongPress).not.toHaveBeenCalled();
  });

  it('moving up to 10 px keeps the press; beyond cancels it', () => {
    const { onLongPress, g } = setup();
    g.down(0, 0);
    expect(g.move(6, 8)).toBe(true); // exactly 10 px
    expect(g.move(LONG_PRESS_MOVE_PX + 1, 0)).toBe(false);
    vi.advanceTimersByTime(LONG_PRESS_MS);
    expect(onLongPress).not.toHaveBeenCalled();
    expect(g.up()).toBe(false);
  });

  it('cancel stops a pending press; a new press starts fresh', () => {
    const { onLongPress, g } = setup();
    g.down(0, 0);
    g.cancel();
    vi.advanceTimersByTime(LONG_PRESS_MS);
    expect(onLongPress).not.toHaveBeenCalled();
    g.down(5, 5);
    vi.advanceTimersByTime(LONG_PRESS_MS);
    expect(onLongPress).toHaveBeenCalledTimes(1);
    g.up();
    g.down(5, 5);
    expect(g.fired).toBe(false);
  });

  it('honours custom delay and tolerance', () => {
    const onLongPress = vi.fn();
    const g = createLongPress({ onLongPress, delayMs: 50, moveTolerancePx: 2 });
    g.down(0, 0);
    expect(g.move(3, 0)).toBe(false);
    g.down(0, 0);
    vi.advanceTimersByTime(50);
    expect(onLongPress).toHaveBeenCalledTimes(1);
  });
});
