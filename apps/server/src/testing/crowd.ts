import { createHash, randomBytes } from 'node:crypto';
import type { Db } from '../db/index.ts';

export interface CrowdMember {
  id: number;
  token: string;
}

/**
 * `n` users with live sessions written straight into the database (registering a thousand people
 * through the API would spend a minute on password hashing). For suites that need a crowd.
 */
export async function seedCrowd(db: Db, n: number, prefix = 'crowd'): Promise<CrowdMember[]> {
  const now = Date.now();
  const tag = randomBytes(3).toString('hex');
  const out: CrowdMember[] = [];
  const CHUNK = 250;
  for (let start = 0; start < n; start += CHUNK) {
    const size = Math.min(CHUNK, n - start);
    const users = Array.from({ length: size }, (_, k) => {
      const account = `${prefix}${tag}_${start + k}`;
      return {
        account,
        account_key: account,
        nickname: `${prefix} ${start + k}`,
        password_hash: 'x',
        avatar: '',
        avatar_color: 1,
        gender: 'unknown',
        signature: '',
        email: '',
        phone: '',
        invite_code: '',
        verified: 0,
        status: 1,
        created_at: now,
      };
    });
    const ids = await db.insertInto('users').values(users).returning('id').execute();
    const tokens = ids.map(() => randomBytes(24).toString('base64url'));
    await db
      .insertInto('sessions')
      .values(
        ids.map((r, k) => ({
          user_id: r.id,
          token_hash: createHash('sha256').update(tokens[k]).digest('hex'),
          device: 'web',
          cid: '',
          user_agent: 'test',
          ip: '127.0.0.1',
          created_at: now,
          last_used_at: now,
          expires_at: now + 86_400_000,
          revoked_at: null,
        })),
      )
      .execute();
    for (const [k, r] of ids.entries()) out.push({ id: Number(r.id), token: tokens[k] });
  }
  return out;
}
