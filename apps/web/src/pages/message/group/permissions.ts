import { GroupRole, mayModerate } from '@parley/protocol';

/**
 * The member menu and member order of the group pages, built on the shared rules of the protocol
 * (`permissionsOf`, `mayModerate`, `maySetSwitch`, `mayShareQrcode`: the same the server enforces).
 */

export type MemberAction = 'admin' | 'mute' | 'unmute' | 'remove' | 'transfer';

export interface MemberLike {
  user_id: number;
  role: number;
  /** ms; 0 when not muted */
  mute_until: number;
}

/**
 * The actions I may take on one member, in menu order. `admin` toggles: it makes a plain member
 * an admin or an admin a plain member again.
 */
export function memberActions(me: { user_id: number; role: number }, target: MemberLike, now = Date.now()): MemberAction[] {
  if (target.user_id === me.user_id) return [];
  const actions: MemberAction[] = [];
  const owner = me.role === GroupRole.OWNER;
  if (owner && target.role !== GroupRole.OWNER) actions.push('admin');
  if (mayModerate(me.role, target.role)) {
    actions.push('mute');
    if (target.mute_until > now) actions.push('unmute');
    actions.push('remove');
  }
  if (owner) actions.push('transfer');
  return actions;
}

/** Owner first, then admins, then members; the server's order within a role is kept. */
export function byRole<T extends { role: number }>(members: readonly T[]): T[] {
  return members
    .map((member, index) => ({ member, index }))
    .sort((a, b) => a.member.role - b.member.role || a.index - b.index)
    .map(({ member }) => member);
}
