import { type RawBuilder, sql } from 'kysely';

/**
 * Message `m` (the alias) was not deleted by `viewer` for themself. Most users never delete one: the
 * first test, uncorrelated, runs once per statement (a PostgreSQL InitPlan, a SQLite once-subquery)
 * and spares them a probe of message_deletions for every message looked at (at 1,000 chats, two
 * index probes per chat of the chat list and per candidate of a search window).
 */
export function notDeletedBy(viewer: number): RawBuilder<boolean> {
  return sql<boolean>`((select not exists (select 1 from message_deletions d0 where d0.user_id = ${viewer}))
    or not exists (select 1 from message_deletions d where d.user_id = ${viewer} and d.msg_id = m.msg_id))`;
}
