import {
  groupContactId,
  GroupRole,
  type GroupRoleValue,
  mayShareQrcode,
} from '@parley/protocol';
import { fail } from '../../domainError.ts';
import { verifyQr } from '../users/qr.ts';
import type { GroupKit } from './kit.ts';

/** Joining by QR code, and binding a socket to a group's pushes. */
export function groupJoining(kit: GroupKit) {
  const { ctx, store, qrCodes, loadGroup, loadMembership, summary, addMembers } = kit;
  return {
    async qrcode(me: number, gid: number) {
      const m = await loadMembership(gid, me);
      if (!mayShareQrcode(m.role, m.setting)) throw fail('groups.qrInviteDenied');
      const { text, expiresAt } = await qrCodes.sign(gid, me);
      const s = await summary(m.g, m.role, m.setting);
      return {
        group_id: gid,
        id: s.id,
        name: s.name,
        avatar: s.avatar,
        avatars: s.avatars,
        text,
        expires_at: expiresAt,
      };
    },

    /** Revokes every code of the group (owner or admin) and answers a fresh one. */
    async resetQrcode(me: number, gid: number) {
      const m = await loadMembership(gid, me);
      if (m.role === GroupRole.MEMBER) throw fail('groups.moderateMember');
      await qrCodes.reset(gid);
      return this.qrcode(me, gid);
    },

    async join(me: number, body: { qrcode?: string; code?: string; group_id?: number }) {
      const text = (body.qrcode ?? body.code ?? '').trim();
      const now = Date.now();
      const verdict = verifyQr(ctx.secret, text, now);
      if ('error' in verdict) {
        throw fail(verdict.error === 'expired' ? 'groups.qrExpired' : 'users.qrInvalid');
      }
      if (verdict.kind !== 'g') throw fail('groups.qrNotGroup');
      const gid = Number(verdict.id);
      if (body.group_id !== undefined && body.group_id !== gid) throw fail('users.qrInvalid');
      const { g, setting } = await loadGroup(gid);
      const existing = await store.member(gid, me);
      if (existing) return { ...(await summary(g, existing.role as GroupRoleValue, setting)), joined: 0 as const };
      const makerRole = await qrCodes.makerRole(gid, verdict, me);
      if (makerRole === GroupRole.MEMBER && setting.invite === 0) throw fail('groups.joinInviteDenied');
      const [self] = await store.users([me]);
      if (!self) throw fail('groups.notMember');
      await addMembers(me, gid, [self], { action: 'join', via: 'qrcode' });
      const after = await loadGroup(gid);
      return { ...(await summary(after.g, GroupRole.MEMBER, after.setting)), joined: 1 as const };
    },

    async bindGroup(me: number, gid: number, clientId: string) {
      await loadMembership(gid, me);
      return { group_id: gid, id: groupContactId(gid), client_id: clientId };
    },
  };
}
