import { GROUP_QR_VALID_DAYS } from '@parley/protocol';
import type { Db } from '../../db/index.ts';
import { fail } from '../../domainError.ts';
import { type QrTie, signQr } from '../users/qr.ts';

const DAY_S = 24 * 3600;

/**
 * Group QR codes tied to their maker (issue 9): a code names who made it and the group's code
 * generation, so it admits people only while its maker may still invite (the owner and admins
 * always; a plain member while `invite` is on) and until someone resets the group's codes.
 * Someone removed from the group comes back only by a fresh invitation.
 */
export function groupQrCodes(db: Db, secret: string) {
  const epochOf = async (gid: number) =>
    Number((await db.selectFrom('groups').select('qr_epoch').where('id', '=', gid).executeTakeFirst())?.qr_epoch ?? 0);

  return {
    async sign(gid: number, maker: number) {
      return signQr(secret, 'g', gid, GROUP_QR_VALID_DAYS * DAY_S, Date.now(), { by: maker, v: await epochOf(gid) });
    },

    /**
     * Refuses a joiner who was removed, a code of an old generation or one whose maker left the
     * group; answers the maker's current role (a plain member's code also needs `invite` on).
     */
    async makerRole(gid: number, tie: Partial<QrTie>, joiner: number): Promise<number> {
      const removed = await db
        .selectFrom('group_removals')
        .select('user_id')
        .where('group_id', '=', gid)
        .where('user_id', '=', joiner)
        .executeTakeFirst();
      if (removed) throw fail('security.rejoinNeedsInvite');
      if (tie.by === undefined || tie.v !== (await epochOf(gid))) throw fail('security.groupQrRevoked');
      const maker = await db
        .selectFrom('group_members')
        .select('role')
        .where('group_id', '=', gid)
        .where('user_id', '=', tie.by)
        .executeTakeFirst();
      if (!maker) throw fail('security.groupQrRevoked');
      return maker.role;
    },

    /** Revokes every code of the group. */
    async reset(gid: number): Promise<void> {
      await db
        .updateTable('groups')
        .set((eb) => ({ qr_epoch: eb('qr_epoch', '+', 1) }))
        .where('id', '=', gid)
        .execute();
    },

    async noteRemoval(trx: Db, gid: number, userId: number): Promise<void> {
      await trx
        .insertInto('group_removals')
        .values({ group_id: gid, user_id: userId, removed_at: Date.now() })
        .onConflict((oc) => oc.columns(['group_id', 'user_id']).doUpdateSet({ removed_at: Date.now() }))
        .execute();
    },

    async forgetRemovals(trx: Db, gid: number, userIds: number[]): Promise<void> {
      if (userIds.length === 0) return;
      await trx.deleteFrom('group_removals').where('group_id', '=', gid).where('user_id', 'in', userIds).execute();
    },
  };
}
