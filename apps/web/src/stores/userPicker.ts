import { create } from 'zustand';
import { navigateTo } from '../router/navigation.ts';
import { Paths } from '../paths.ts';

/** One chosen person or group. Groups have `is_group: 1` and the contact id `group-<n>` as `id`. */
export interface PickedTarget {
  id: number | string;
  displayName: string;
  avatar: string;
  avatar_color?: number;
  is_group: 0 | 1;
}

export interface PickUsersOptions {
  /** i18n key of the page title; defaults to 'picker.title'. */
  titleKey?: string;
  /** at most this many (unlimited when absent) */
  max?: number;
  /** at least this many; default 1 */
  min?: number;
  /** ids that are not offered (e.g. current members) */
  exclude?: (number | string)[];
  /** offer my groups too (contact ids `group-<n>`) */
  includeGroups?: boolean;
  /** ids ticked when the page opens */
  preselected?: (number | string)[];
  /** list my recent chats (people and groups) first, then groups and contacts (forwarding) */
  recentFirst?: boolean;
}

/** How many recent chats the picker offers first. */
export const RECENT_PICK_MAX = 10;

/**
 * The recent chats a picker offers first: the chat list's rows with a message, newest first, that
 * are also among the candidates (friends, my groups), at most `limit`.
 */
export function recentTargets<T>(
  rows: readonly { id: number | string; lastSendTime: number }[],
  candidates: ReadonlyMap<string, T>,
  limit = RECENT_PICK_MAX,
): T[] {
  return [...rows]
    .filter((r) => r.lastSendTime > 0 && candidates.has(String(r.id)))
    .sort((a, b) => b.lastSendTime - a.lastSendTime)
    .slice(0, limit)
    .map((r) => candidates.get(String(r.id)) as T);
}

export const USER_SELECTION_PATH = Paths.userSelection;

interface PickerRequest {
  options: PickUsersOptions;
  resolve(result: PickedTarget[] | null): void;
}

interface PickerState {
  request: PickerRequest | null;
  /** what the page chose; delivered when the page has closed */
  result: PickedTarget[] | null;
}

/** The open pick request; the page `#/pages/index/userSelection` reads it. */
export const useUserPicker = create<PickerState>()(() => ({ request: null, result: null }));

let pendingSettle: ReturnType<typeof setTimeout> | null = null;

function settle(): void {
  const { request, result } = useUserPicker.getState();
  useUserPicker.setState({ request: null, result: null });
  request?.resolve(result);
}

/**
 * Opens the pick-users page and resolves with the confirmed choice once the page has closed (so the
 * caller may navigate on), or null when the user went back.
 */
export function pickUsers(options: PickUsersOptions = {}): Promise<PickedTarget[] | null> {
  if (pendingSettle) {
    clearTimeout(pendingSettle);
    pendingSettle = null;
    settle();
  }
  useUserPicker.getState().request?.resolve(null);
  return new Promise((resolve) => {
    useUserPicker.setState({ request: { options, resolve }, result: null });
    navigateTo(USER_SELECTION_PATH);
  });
}

/** The page confirms: the choice is kept and handed over when the page unmounts. */
export function choosePicked(result: PickedTarget[]): void {
  useUserPicker.setState({ result });
}

/** The page mounted (again): a settle scheduled by a quick unmount/mount (StrictMode) is cancelled. */
export function pickerPageMounted(): void {
  if (pendingSettle) {
    clearTimeout(pendingSettle);
    pendingSettle = null;
  }
}

/** The page unmounted: resolve after a tick unless it mounts again. */
export function pickerPageUnmounted(): void {
  if (pendingSettle) clearTimeout(pendingSettle);
  pendingSettle = setTimeout(() => {
    pendingSettle = null;
    settle();
  }, 0);
}
