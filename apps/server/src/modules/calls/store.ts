import type { Db } from '../../db/index.ts';
import type { CallsTable } from '../../db/schema.ts';

export type CallRow = Omit<CallsTable, 'duration'> & { duration: number };

/** SQL of the calls module: call rows and the one-line-per-user lock. */
export const callsStore = {
  async byId(db: Db, id: string): Promise<CallRow | undefined> {
    const row = await db.selectFrom('calls').selectAll().where('id', '=', id).executeTakeFirst();
    return row ? normalize(row) : undefined;
  },

  /**
   * Places a call: the call row and the caller's line, in one transaction. Answers false (nothing
   * written) when the caller already has a line, that is, is on another call.
   */
  async place(db: Db, row: CallRow): Promise<boolean> {
    return db.transaction().execute(async (trx) => {
      const line = await trx
        .insertInto('call_lines')
        .values({ user_id: row.caller_id, call_id: row.id })
        .onConflict((oc) => oc.column('user_id').doNothing())
        .returning('user_id')
        .executeTakeFirst();
      if (!line) return false;
      await trx.insertInto('calls').values(row).execute();
      return true;
    });
  },

  /** Takes the callee's line; false when the callee is on another call. */
  async takeLine(db: Db, userId: number, callId: string): Promise<boolean> {
    const line = await db
      .insertInto('call_lines')
      .values({ user_id: userId, call_id: callId })
      .onConflict((oc) => oc.column('user_id').doNothing())
      .returning('user_id')
      .executeTakeFirst();
    return line !== undefined;
  },

  /** The call a user's line belongs to, if any. */
  async lineOf(db: Db, userId: number): Promise<CallRow | undefined> {
    const line = await db.selectFrom('call_lines').select('call_id').where('user_id', '=', userId).executeTakeFirst();
    return line ? callsStore.byId(db, line.call_id) : undefined;
  },

  async dropLine(db: Db, userId: number, callId: string): Promise<void> {
    await db.deleteFrom('call_lines').where('user_id', '=', userId).where('call_id', '=', callId).execute();
  },

  /** Ringing → active for the first device that answers; false when another got there first. */
  async accept(db: Db, id: string, calleeClient: string, now: number): Promise<boolean> {
    const res = await db
      .updateTable('calls')
      .set({ state: 'active', callee_client: calleeClient, accepted_at: now })
      .where('id', '=', id)
      .where('state', '=', 'ringing')
      .executeTakeFirst();
    return Number(res.numUpdatedRows) === 1;
  },

  /** Ends the call once: false when it had already ended (or was not in `from`). Frees both lines. */
  async end(db: Db, id: string, from: string[], set: { outcome: string; duration: number; now: number }): Promise<boolean> {
    return db.transaction().execute(async (trx) => {
      const res = await trx
        .updateTable('calls')
        .set({ state: 'ended', outcome: set.outcome, duration: set.duration, ended_at: set.now })
        .where('id', '=', id)
        .where('state', 'in', from)
        .executeTakeFirst();
      if (Number(res.numUpdatedRows) !== 1) return false;
      await trx.deleteFrom('call_lines').where('call_id', '=', id).execute();
      return true;
    });
  },

  /** Moves a party's side of a live call to another socket of theirs. */
  async moveClient(db: Db, id: string, party: 'caller' | 'callee', from: string, to: string): Promise<boolean> {
    const column = party === 'caller' ? 'caller_client' : 'callee_client';
    const res = await db
      .updateTable('calls')
      .set({ [column]: to })
      .where('id', '=', id)
      .where(column, '=', from)
      .where('state', '<>', 'ended')
      .executeTakeFirst();
    return Number(res.numUpdatedRows) === 1;
  },

  async setRecord(db: Db, id: string, msgId: number): Promise<void> {
    await db.updateTable('calls').set({ msg_id: msgId }).where('id', '=', id).execute();
  },

  /** Every call not yet ended. */
  async live(db: Db): Promise<CallRow[]> {
    const rows = await db.selectFrom('calls').selectAll().where('state', '<>', 'ended').execute();
    return rows.map(normalize);
  },

  /** Calls not yet ended that this socket placed or answered. */
  async liveByClient(db: Db, clientId: string): Promise<CallRow[]> {
    const rows = await db
      .selectFrom('calls')
      .selectAll()
      .where((eb) => eb.or([eb('caller_client', '=', clientId), eb('callee_client', '=', clientId)]))
      .where('state', '<>', 'ended')
      .execute();
    return rows.map(normalize);
  },
};

/** bigint columns come back as strings from PostgreSQL. */
function normalize(row: CallRow): CallRow {
  return {
    ...row,
    created_at: Number(row.created_at),
    ring_deadline: Number(row.ring_deadline),
    accepted_at: row.accepted_at === null ? null : Number(row.accepted_at),
    ended_at: row.ended_at === null ? null : Number(row.ended_at),
    duration: Number(row.duration),
    msg_id: row.msg_id === null ? null : Number(row.msg_id),
  };
}
