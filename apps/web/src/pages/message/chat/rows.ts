import { shouldShowTimeSeparator } from '@parley/protocol';
import { type ChatItem, isPending } from '../../../stores/messageList.ts';

/** One row of the virtual list: a time separator or a message. */
export type ChatRow =
  | { kind: 'time'; key: string; sendTime: number }
  | { kind: 'message'; key: string; message: ChatItem; readMark: boolean };

/** The stable key of a message row: its client id (kept from sending to stored), else msg_id. */
export const messageKey = (m: ChatItem): string => (m.id ? `m-${m.id}` : `n-${m.msg_id}`);

/**
 * Rows of a chat: a time separator before a message when it is the first or at least 5 minutes
 * after the previous one (spec §9), and the read mark under my last stored message of a private
 * chat (`withReadMark`).
 */
export function buildRows(items: readonly ChatItem[], myUserId: number, withReadMark: boolean): ChatRow[] {
  let markAt = -1;
  if (withReadMark) {
    for (let i = items.length - 1; i >= 0; i--) {
      const m = items[i];
      if (isPending(m) || m.is_undo === 1 || String(m.fromUser.id) !== String(myUserId)) continue;
      markAt = i;
      break;
    }
  }
  const rows: ChatRow[] = [];
  let prev: number | undefined;
  items.forEach((m, i) => {
    if (shouldShowTimeSeparator(prev, m.sendTime)) rows.push({ kind: 'time', key: `t-${messageKey(m)}`, sendTime: m.sendTime });
    prev = m.sendTime;
    rows.push({ kind: 'message', key: messageKey(m), message: m, readMark: i === markAt });
  });
  return rows;
}
