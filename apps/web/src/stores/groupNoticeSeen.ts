import { readJson, writeValue } from './localStore.ts';
import { useSession } from './session.ts';

/** localStorage: per user, the `notice_at` of each group's notice already shown. */
const storageKey = (userId: number) => `groupNoticeSeen:${userId}`;

export function seenNoticeAt(userId: number, groupId: number): number {
  return readJson<Record<string, number>>(storageKey(userId), {})[groupId] ?? 0;
}

/** Remembers a notice as shown (also when I wrote it myself). */
export function markNoticeSeen(groupId: number, noticeAt: number): void {
  const userId = useSession.getState().userInfo?.user_id;
  if (!userId || !noticeAt) return;
  const seen = readJson<Record<string, number>>(storageKey(userId), {});
  if ((seen[groupId] ?? 0) >= noticeAt) return;
  writeValue(storageKey(userId), { ...seen, [groupId]: noticeAt });
}
