import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { registerNavigator } from '../router/navigation.ts';
import { choosePicked, pickerPageMounted, pickerPageUnmounted, pickUsers, recentTargets, USER_SELECTION_PATH, useUserPicker } from './userPicker.ts';

const navigations: string[] = [];

beforeEach(() => {
  vi.useFakeTimers();
  navigations.length = 0;
  registerNavigator((to) => navigations.push(to));
});

afterEach(() => {
  vi.useRealTimers();
});

const alice = { id: 2, displayName: 'Alice', avatar: '', is_group: 0 as const };

describe('pickUsers', () => {
  it('opens the page and resolves with the confirmed choice after the page closed', async () => {
    const result = pickUsers({ max: 9 });
    expect(navigations).toEqual([USER_SELECTION_PATH]);
    expect(useUserPicker.getState().request?.options.max).toBe(9);
    pickerPageMounted();
    choosePicked([alice]);
    pickerPageUnmounted();
    await vi.runAllTimersAsync();
    await expect(result).resolves.toEqual([alice]);
    expect(useUserPicker.getState().request).toBeNull();
  });

  it('resolves null when the page is left without confirming', async () => {
    const result = pickUsers();
    pickerPageMounted();
    pickerPageUnmounted();
    await vi.runAllTimersAsync();
    await expect(result).resolves.toBeNull();
  });

  it('survives a quick unmount and mount (StrictMode)', async () => {
    const result = pickUsers();
    let settled = false;
    void result.then(() => {
      settled = true;
    });
    pickerPageMounted();
    pickerPageUnmounted();
    pickerPageMounted();
    await vi.runAllTimersAsync();
    expect(settled).toBe(false);
    choosePicked([alice]);
    pickerPageUnmounted();
    await vi.runAllTimersAsync();
    await expect(result).resolves.toEqual([alice]);
  });

  it('a second pick cancels the first', async () => {
    const first = pickUsers();
    const second = pickUsers({ min: 2 });
    await expect(first).resolves.toBeNull();
    expect(useUserPicker.getState().request?.options.min).toBe(2);
    pickerPageUnmounted();
    await vi.runAllTimersAsync();
    await expect(second).resolves.toBeNull();
  });
});

describe('recentTargets', () => {
  it('offers the chats with messages, newest first, that are among the candidates, at most ten', () => {
    const candidates = new Map([
      ['1', 'Ann'],
      ['2', 'Bob'],
      ['group-3', 'Team'],
    ]);
    const rows = [
      { id: 1, lastSendTime: 100 },
      { id: 'group-3', lastSendTime: 300 },
      { id: 2, lastSendTime: 0 },
      { id: 9, lastSendTime: 500 },
    ];
    expect(recentTargets(rows, candidates)).toEqual(['Team', 'Ann']);
    expect(recentTargets(rows, candidates, 1)).toEqual(['Team']);
  });
});
