import type { TFunction } from './translator.ts';

/**
 * The reader's-language sentence of a server-made `event` message. The server words `content` in
 * English for API clients and puts the facts in `extends`:
 * - `{event: 'friendAdded'}`: the first message of a new friendship;
 * - `{event: 'redPacketRefund', amount, msg_id}`: a system notice that an expired packet's remainder came back;
 * - `{event: 'group', action, by, by_name, user_ids?, names?, name?, nospeak?, role?, cleared?, via?}`
 *   (server `groups/announce.ts`).
 * Anything else (an unknown event, a system notice, an old message without names) shows `content`.
 */
export interface EventLike {
  type: string;
  content: string;
  extends?: Record<string, unknown> | null;
}

type Pair = readonly [other: EventKey, you: EventKey];
type EventKey =
  | 'events.create'
  | 'events.createYou'
  | 'events.createSolo'
  | 'events.createSoloYou'
  | 'events.invite'
  | 'events.inviteYou'
  | 'events.join'
  | 'events.joinYou'
  | 'events.leave'
  | 'events.leaveYou'
  | 'events.remove'
  | 'events.removeYou'
  | 'events.rename'
  | 'events.renameYou'
  | 'events.notice'
  | 'events.noticeYou'
  | 'events.noticeCleared'
  | 'events.noticeClearedYou'
  | 'events.nospeakOff'
  | 'events.nospeakOffYou'
  | 'events.nospeakAdmins'
  | 'events.nospeakAdminsYou'
  | 'events.nospeakOwner'
  | 'events.nospeakOwnerYou'
  | 'events.owner'
  | 'events.ownerYou'
  | 'events.adminOn'
  | 'events.adminOnYou'
  | 'events.adminOff'
  | 'events.adminOffYou';

const KEYS = {
  create: ['events.create', 'events.createYou'],
  createSolo: ['events.createSolo', 'events.createSoloYou'],
  invite: ['events.invite', 'events.inviteYou'],
  join: ['events.join', 'events.joinYou'],
  leave: ['events.leave', 'events.leaveYou'],
  remove: ['events.remove', 'events.removeYou'],
  rename: ['events.rename', 'events.renameYou'],
  notice: ['events.notice', 'events.noticeYou'],
  noticeCleared: ['events.noticeCleared', 'events.noticeClearedYou'],
  nospeakOff: ['events.nospeakOff', 'events.nospeakOffYou'],
  nospeakAdmins: ['events.nospeakAdmins', 'events.nospeakAdminsYou'],
  nospeakOwner: ['events.nospeakOwner', 'events.nospeakOwnerYou'],
  owner: ['events.owner', 'events.ownerYou'],
  adminOn: ['events.adminOn', 'events.adminOnYou'],
  adminOff: ['events.adminOff', 'events.adminOffYou'],
} as const satisfies Record<string, Pair>;
type Sentence = keyof typeof KEYS;

/** Which sentence a group event is, or null when it cannot be worded from its facts. */
function sentenceOf(ext: Record<string, unknown>, names: string[]): Sentence | null {
  const needsNames = (s: Sentence): Sentence | null => (names.length > 0 ? s : null);
  switch (ext.action) {
    case 'create':
      return names.length > 0 ? 'create' : 'createSolo';
    case 'invite':
      return needsNames('invite');
    case 'join':
      return 'join';
    case 'leave':
      return 'leave';
    case 'remove':
      return needsNames('remove');
    case 'rename':
      return typeof ext.name === 'string' ? 'rename' : null;
    case 'notice':
      return Number(ext.cleared) === 1 ? 'noticeCleared' : 'notice';
    case 'nospeak':
      return ({ 0: 'nospeakOff', 1: 'nospeakAdmins', 2: 'nospeakOwner' } as const)[Number(ext.nospeak) as 0 | 1 | 2] ?? null;
    case 'owner':
      return needsNames('owner');
    case 'admin':
      if (Number(ext.role) === 2) return needsNames('adminOn');
      if (Number(ext.role) === 3) return needsNames('adminOff');
      return null;
    default:
      return null;
  }
}

const textList = (v: unknown): string[] => (Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string' && x !== '') : []);

/** "A, B and C" in the reader's language. */
export function joinNames(names: readonly string[], t: TFunction): string {
  if (names.length <= 1) return names.join('');
  return `${names.slice(0, -1).join(t('events.listSep'))}${t('events.listLast')}${names[names.length - 1]}`;
}

/**
 * The localized sentence of an event message (`content` for anything not known). `me`, when given,
 * words my own actions as "You …".
 */
export function describeEvent(m: EventLike, t: TFunction, me?: number | string | null): string {
  const ext = m.extends;
  if (!ext || typeof ext !== 'object' || (m.type !== 'event' && m.type !== 'system')) return m.content;
  if (ext.event === 'friendAdded') return t('events.friendAdded');
  if (ext.event === 'redPacketRefund' && typeof ext.amount === 'string') return t('events.redPacketRefund', { amount: ext.amount });
  if (ext.event !== 'group') return m.content;
  const names = textList(ext.names);
  const sentence = sentenceOf(ext, names);
  if (!sentence) return m.content;
  const mine = me !== undefined && me !== null && me !== '' && ext.by !== undefined && String(ext.by) === String(me);
  const [other, you] = KEYS[sentence];
  const by = typeof ext.by_name === 'string' && ext.by_name !== '' ? ext.by_name : null;
  // an older event without `by_name`: the English content says who, better than "Someone"
  if (!mine && by === null && m.content) return m.content;
  const params = { by: by ?? t('events.someone'), names: joinNames(names, t), name: typeof ext.name === 'string' ? ext.name : '' };
  return t(mine ? you : other, params);
}
