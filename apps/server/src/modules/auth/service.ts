import { hash, verify } from '../../passwordHash.ts';
import {
  type AuthResult,
  LOGIN_FAILURE_LIMIT,
  type LoginBody,
  type RegisterBody,
  SESSION_LONG_MS,
  SESSION_SHORT_MS,
} from '@parley/protocol';
import type { AppContext } from '../../context.ts';
import type { AuthUser, SessionResolver } from '../../session.ts';
import { fail } from '../../domainError.ts';
import { offlineNotice } from './offline.ts';
import type { SystemService } from '../system/service.ts';
import { assertStrongPassword } from './passwordStrength.ts';
import { authStore } from './store.ts';
import { type Attempt, attemptLedger } from './attempts.ts';
import { hashToken, newInviteCode, newToken } from './tokens.ts';
import { toUserInfo } from './users.ts';

/** argon2id with OWASP's minimum memory (19 MiB, t=2). */
export const ARGON = { memoryCost: 19456, timeCost: 2, parallelism: 1, algorithm: 2 } as const;
const TOUCH_EVERY_MS = 60_000;
/** Checked instead of a hash when the account does not exist, made once per process on first use. */
let dummyHash: Promise<string> | undefined;
const dummy = () => {
  dummyHash ??= hash('not a real password', ARGON);
  return dummyHash;
};

export interface ClientMeta {
  ip: string;
  userAgent: string;
  cid: string;
}

export function authService(ctx: Pick<AppContext, 'db' | 'dialect' | 'hub' | 'sessionsEnded'>, system: SystemService) {
  const store = authStore(ctx.db);
  const attempts = attemptLedger(ctx.db, ctx.dialect);

  async function openSession(userId: number, device: string, remember: boolean, meta: ClientMeta) {
    const token = newToken();
    const now = Date.now();
    const { id } = await store.insertSession({
      user_id: userId,
      token_hash: hashToken(token),
      device,
      cid: meta.cid.slice(0, 128),
      user_agent: meta.userAgent.slice(0, 255),
      ip: meta.ip.slice(0, 64),
      created_at: now,
      last_used_at: now,
      expires_at: now + (remember ? SESSION_LONG_MS : SESSION_SHORT_MS),
      revoked_at: null,
    });
    return { token, sessionId: id };
  }

  const resolver: SessionResolver = {
    async resolve(token: string): Promise<AuthUser | null> {
      const now = Date.now();
      const row = await store.findLiveSession(hashToken(token), now);
      if (!row) return null;
      if (now - row.last_used_at > TOUCH_EVERY_MS) await store.touchSession(row.id, now);
      return { userId: row.user_id, sessionId: row.id, device: row.device };
    },
  };

  return {
    resolver,

    async register(body: RegisterBody, meta: ClientMeta): Promise<AuthResult> {
      const sys = await system.sysInfo();
      if (!sys.registrationOpen) throw fail('auth.registrationClosed');
      const accountKey = body.account.toLowerCase();
      if (!/^[\p{L}\p{N}_.@-]+$/u.test(body.account)) {
        throw fail('auth.accountChars');
      }
      if (await store.findUserByAccount(accountKey)) throw fail('auth.accountTaken');
      assertStrongPassword(body.password, body.account);
      const passwordHash = await hash(body.password, ARGON);
      let row: Awaited<ReturnType<typeof store.insertUser>>;
      try {
        row = await store.insertUser({
          account: body.account,
          account_key: accountKey,
          nickname: body.nickname,
          password_hash: passwordHash,
          avatar: '',
          avatar_color: 1 + Math.floor(Math.random() * 5),
          gender: 'unknown',
          signature: '',
          email: body.account.includes('@') ? body.account : '',
          phone: '',
          invite_code: newInviteCode(),
          verified: 0,
          status: 1,
          created_at: Date.now(),
        });
      } catch (err) {
        // Two registrations of one account racing: the unique index decides.
        if (await store.findUserByAccount(accountKey)) throw fail('auth.accountTaken');
        throw err;
      }
      const { token } = await openSession(row.id, 'mobile', false, meta);
      return { authToken: token, userInfo: toUserInfo(row) };
    },

    async login(body: LoginBody, meta: ClientMeta): Promise<AuthResult> {
      const accountKey = body.account.toLowerCase();
      const address = await attempts.limited(`ip:${meta.ip}`, LOGIN_FAILURE_LIMIT);
      const found = await store.findUserByAccount(accountKey);
      const knownDevice = found !== undefined && meta.cid !== '' && (await store.hasSignedInFrom(found.id, meta.cid));
      let account: Attempt;
      try {
        account = await attempts.delayed(`account:${accountKey}`, knownDevice);
      } catch (err) {
        await address.release();
        throw err;
      }
      // An unknown account costs the same hashing time as a known one: no probing by timing.
      const ok = await verify(found?.password_hash ?? (await dummy()), body.password);
      const user = ok ? found : undefined;
      if (!user) throw fail('auth.wrongPassword');
      await Promise.all([address.release(), account.release()]);
      if (user.status !== 1) throw fail('auth.accountDisabled');
      await attempts.clear(`account:${accountKey}`);
      const device = body.isMobile === false ? 'web' : 'mobile';
      const { token, sessionId } = await openSession(user.id, device, body.remember === true, meta);
      const sys = await system.sysInfo();
      if (device === 'mobile' && !sys.multipleLogin) {
        const revoked = await store.revokeOtherSessions(user.id, 'mobile', sessionId, Date.now());
        if (revoked.length > 0) {
          ctx.hub.push(
            { sessions: revoked },
            'offline',
            offlineNotice('auth.signedInElsewhere'),
            { close: true },
          );
          await ctx.sessionsEnded.emit(revoked);
        }
      }
      return { authToken: token, userInfo: toUserInfo(user) };
    },

    async logout(user: AuthUser): Promise<void> {
      await store.revokeSession(user.sessionId, Date.now());
      ctx.hub.closeSessions([user.sessionId]);
      await ctx.sessionsEnded.emit([user.sessionId]);
    },

    async currentUser(userId: number) {
      const row = await store.findUser(userId);
      if (!row) throw fail('auth.accountGone');
      return toUserInfo(row);
    },
  };
}

export type AuthService = ReturnType<typeof authService>;
