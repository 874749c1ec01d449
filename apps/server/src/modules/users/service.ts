import { hash, verify } from '../../passwordHash.ts';
import {
  type DeviceItem,
  type EditAccountBody,
  type EditPasswordBody,
  groupContactId,
  isGroupContactId,
  type MyQrcode,
  type PublicProfile,
  SEARCH_RESULTS_MAX,
  SECRET_ATTEMPTS_LIMIT,
  type ScanResult,
  type SearchUserItem,
  SYSTEM_CONTACT_ID,
  type UpdateUserInfoBody,
  USER_QR_VALID_DAYS,
  type UserInfo,
  UserMsg,
  type VerifyEmailBody,
} from '@parley/protocol';
import type { AppContext } from '../../context.ts';
import type { AuthUser } from '../../session.ts';
import { fail } from '../../domainError.ts';
import { offlineNotice } from '../auth/offline.ts';
import { sessionsOf } from '../auth/sessions.ts';
import { attemptLedger } from '../auth/attempts.ts';
import { assertStrongPassword } from '../auth/passwordStrength.ts';
import { ARGON } from '../auth/service.ts';
import { toUserInfo } from '../auth/users.ts';
import { toPublicProfile } from './profile.ts';
import { announceProfile } from './profilePush.ts';
import { isParleyQr, signQr, verifyAnyQr } from './qr.ts';
import { usersStore } from './store.ts';
import type { SystemService } from '../system/service.ts';

const ACCOUNT_CHARS = /^[\p{L}\p{N}_.@-]+$/u;
const DAY_S = 24 * 3600;

export function usersService(ctx: AppContext, system: Pick<SystemService, 'findCode' | 'useCode'>) {
  const store = usersStore(ctx.db);
  const attempts = attemptLedger(ctx.db, ctx.dialect);
  /** Online state is shown to friends (and to oneself) only. */
  const online = (id: number) => ctx.hub.isOnline(id);

  async function me(userId: number) {
    const row = await store.findUser(userId);
    if (!row) throw fail('auth.accountGone');
    return row;
  }

  async function profileOf(viewer: number, targetId: number): Promise<PublicProfile> {
    const row = await store.findUser(targetId);
    if (!row) throw fail('users.notFound');
    const isSelf = targetId === viewer;
    const friends = isSelf ? new Map<number, string>() : await ctx.friends.friendRemarks(viewer, [targetId]);
    const isFriend = friends.has(targetId);
    return toPublicProfile(row, {
      isSelf,
      isFriend,
      remark: friends.get(targetId) ?? '',
      online: (isSelf || isFriend) && online(targetId),
    });
  }

  return {
    async userInfo(userId: number): Promise<UserInfo> {
      return toUserInfo(await me(userId));
    },

    profile: profileOf,

    /** A chat-list contact id; only user ids have a profile here (groups: /enterprise/group/groupInfo). */
    async contactInfo(viewer: number, id: number | string): Promise<PublicProfile> {
      const text = String(id).trim();
      if (isGroupContactId(text)) {
        throw fail('users.groupNotUser');
      }
      if (text === SYSTEM_CONTACT_ID) throw fail('users.systemNoProfile');
      if (!/^[1-9]\d{0,9}$/.test(text) || Number(text) > 2_147_483_647) throw fail(UserMsg.contactId);
      return profileOf(viewer, Number(text));
    },

    async search(viewer: number, keywords: string): Promise<SearchUserItem[]> {
      const rows = await store.search(viewer, keywords, SEARCH_RESULTS_MAX);
      const friends = await ctx.friends.friendRemarks(
        viewer,
        rows.map((r) => r.id),
      );
      return rows.map((r) =>
        toPublicProfile(r, {
          isSelf: false,
          isFriend: friends.has(r.id),
          remark: friends.get(r.id) ?? '',
          online: friends.has(r.id) && online(r.id),
        }),
      );
    },

    async updateUserInfo(userId: number, body: UpdateUserInfoBody): Promise<UserInfo> {
      const row = await me(userId);
      const set: Parameters<typeof store.updateUser>[1] = {};
      if (body.nickname !== undefined) set.nickname = body.nickname;
      if (body.gender !== undefined) set.gender = body.gender;
      if (body.signature !== undefined) set.signature = body.signature;
      if (body.email !== undefined && body.email !== row.email) {
        if (row.verified === 1) {
          throw fail('users.emailVerifiedChange');
        }
        set.email = body.email;
      }
      if (Object.keys(set).length > 0) await store.updateUser(userId, set);
      if (set.nickname !== undefined && set.nickname !== row.nickname) await announceProfile(ctx, userId);
      return toUserInfo(await me(userId));
    },

    /** Checks a code sent by /common/pub/sendCode to `email` (purpose 'verify'); sets email and verified. */
    async verifyEmail(userId: number, body: VerifyEmailBody): Promise<UserInfo> {
      await me(userId);
      const key = `verify:${userId}`;
      const attempt = await attempts.limited(key, SECRET_ATTEMPTS_LIMIT);
      const code = await system.findCode(body.email, 'verify', body.code);
      if (code === undefined) {
        throw fail('users.codeWrong');
      }
      if (await store.verifiedEmailOwner(body.email, userId)) {
        throw fail('users.emailTaken');
      }
      if (!(await system.useCode(code))) throw fail('users.codeUsed');
      await store.updateUser(userId, { email: body.email, verified: 1 });
      await attempt.release();
      await attempts.clear(key);
      return toUserInfo(await me(userId));
    },

    async editAccount(userId: number, body: EditAccountBody): Promise<UserInfo> {
      if (!ACCOUNT_CHARS.test(body.account)) throw fail('auth.accountChars');
      const key = body.account.toLowerCase();
      const taken = () => fail('auth.accountTaken');
      const owner = await store.findByAccountKey(key);
      if (owner && owner.id !== userId) throw taken();
      try {
        await store.updateUser(userId, { account: body.account, account_key: key });
      } catch (err) {
        // Two users racing for one account: the unique index decides.
        const now = await store.findByAccountKey(key);
        if (now && now.id !== userId) throw taken();
        throw err;
      }
      return toUserInfo(await me(userId));
    },

    /** Changes the password; every other session of the user is signed out, this one stays. */
    async editPassword(user: AuthUser, body: EditPasswordBody): Promise<{ signedOut: number }> {
      const row = await me(user.userId);
      const key = `password:${user.userId}`;
      const attempt = await attempts.limited(key, SECRET_ATTEMPTS_LIMIT);
      if (!(await verify(row.password_hash, body.oldPassword))) throw fail('users.currentPasswordWrong');
      await attempt.release();
      assertStrongPassword(body.password, row.account);
      const passwordHash = await hash(body.password, ARGON);
      const revoked = await ctx.db.transaction().execute(async (trx) => {
        await usersStore(trx).updateUser(user.userId, { password_hash: passwordHash });
        return sessionsOf(trx).revokeOthers(user.userId, user.sessionId, Date.now());
      });
      await attempts.clear(key);
      if (revoked.length > 0) {
        ctx.hub.push({ sessions: revoked }, 'offline', offlineNotice('users.passwordChangedSignIn'), { close: true });
        await ctx.sessionsEnded.emit(revoked);
      }
      return { signedOut: revoked.length };
    },

    async deviceList(user: AuthUser): Promise<DeviceItem[]> {
      const rows = await sessionsOf(ctx.db).liveSessions(user.userId, Date.now());
      return rows.map((r) => ({ ...r, current: r.id === user.sessionId }));
    },

    async signOutDevice(user: AuthUser, id: number): Promise<{ id: number; current: boolean }> {
      if (!(await sessionsOf(ctx.db).revokeSession(user.userId, id, Date.now()))) {
        throw fail('users.deviceNotSignedIn');
      }
      ctx.hub.push({ sessions: [id] }, 'offline', offlineNotice('users.signedOutByOther'), { close: true });
      await ctx.sessionsEnded.emit([id]);
      return { id, current: id === user.sessionId };
    },

    myQrcode(userId: number): MyQrcode {
      const { text, expiresAt } = signQr(ctx.secret, 'u', userId, USER_QR_VALID_DAYS * DAY_S);
      return { text, expires_at: expiresAt };
    },

    async scanQr(viewer: number, text: string): Promise<ScanResult> {
      if (isParleyQr(text)) {
        const v = verifyAnyQr(ctx.secret, text);
        if ('error' in v) throw fail(v.error === 'expired' ? UserMsg.qrExpired : UserMsg.qrText);
        if (v.kind === 'g') {
          const group = await ctx.groups.group(v.id);
          if (!group || group.removed) throw fail('users.qrGroupGone');
          const memberCount = (await ctx.groups.memberIds(v.id)).length;
          return {
            kind: 'group',
            group_id: v.id,
            contact_id: groupContactId(v.id),
            name: group.name,
            member_count: group.setting.hideMembers ? null : memberCount,
          };
        }
        const user = await store.findUser(v.id);
        if (user?.status !== 1) throw fail('users.gone');
        return { kind: 'user', user: await profileOf(viewer, v.id) };
      }
      const url = webAddress(text);
      if (url) return { kind: 'url', url };
      throw fail(UserMsg.qrText);
    },
  };
}

/** An http(s) address as the scanner should open it, or null. */
export function webAddress(text: string): string | null {
  const t = text.trim();
  if (!/^https?:\/\//i.test(t) || /\s/.test(t)) return null;
  try {
    const u = new URL(t);
    if ((u.protocol !== 'http:' && u.protocol !== 'https:') || !u.hostname) return null;
    return u.href;
  } catch {
    return null;
  }
}

export type UsersService = ReturnType<typeof usersService>;
