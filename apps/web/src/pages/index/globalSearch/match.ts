import { sameContactId, isSystemContactId } from '@parley/protocol';
import type { FriendItem } from '@parley/protocol';
import type { ConversationRow } from '../../../stores/conversationList.ts';

/** A person or group found by name, ready to open its chat. */
export interface NameHit {
  id: number | string;
  isGroup: boolean;
  /** The name shown (and highlighted). */
  name: string;
  /** A second matched field (e.g. the nickname when the remark is shown), '' when none. */
  detail: string;
  avatar: string;
  avatarColor: number;
  row?: ConversationRow;
}

export const includesKeyword = (value: string | null | undefined, keyword: string): boolean =>
  Boolean(value) && String(value).toLowerCase().includes(keyword.toLowerCase());

/**
 * People whose remark, nickname or account contains the keyword (friends), plus private chats
 * known only from the chat list (the file-transfer assistant, former friends) by their shown name.
 */
export function matchPeople(
  friends: readonly FriendItem[],
  rows: readonly ConversationRow[],
  keyword: string,
  nameOf: (row: ConversationRow) => string,
): NameHit[] {
  const k = keyword.trim();
  if (!k) return [];
  const hits: NameHit[] = [];
  for (const f of friends) {
    const detailField = [f.nickname, f.account].find((v) => v !== f.displayName && includesKeyword(v, k)) ?? '';
    if (!includesKeyword(f.displayName, k) && !detailField) continue;
    hits.push({
      id: f.user_id,
      isGroup: false,
      name: f.displayName,
      detail: includesKeyword(f.displayName, k) ? '' : detailField,
      avatar: f.avatar,
      avatarColor: f.avatar_color,
      row: rows.find((r) => sameContactId(r.id, f.user_id)),
    });
  }
  for (const row of rows) {
    if (row.is_group === 1 || isSystemContactId(row.id) || hits.some((h) => sameContactId(h.id, row.id))) continue;
    const name = nameOf(row);
    if (includesKeyword(name, k)) {
      hits.push({ id: row.id, isGroup: false, name, detail: '', avatar: row.avatar, avatarColor: row.avatar_color, row });
    }
  }
  return hits;
}

/** Groups of my chat list whose name contains the keyword. */
export function matchGroups(rows: readonly ConversationRow[], keyword: string): NameHit[] {
  const k = keyword.trim();
  if (!k) return [];
  return rows
    .filter((r) => r.is_group === 1 && includesKeyword(r.displayName, k))
    .map((r) => ({ id: r.id, isGroup: true, name: r.displayName, detail: '', avatar: r.avatar, avatarColor: r.avatar_color, row: r }));
}
