import type { openDatabase } from '@parley/server/testing';
import { sql } from 'kysely';

/** A text message of the history seed (the other columns take their defaults). */
export interface HistoryMessage {
  id: string;
  conv_key: string;
  from_user: number;
  to_contact: string;
  content: string;
  send_time: number;
}

type Handle = Awaited<ReturnType<typeof openDatabase>>;

/**
 * Stores batches of seed messages as fast as each database takes them, in the order given (msg_id
 * follows it): on SQLite one prepared insert per row inside one transaction per batch; on
 * PostgreSQL one statement per batch that unnests a column array each (a round trip per row would
 * take most of the seeding time).
 */
export function messageWriter(handle: Handle): (batch: HistoryMessage[]) => Promise<void> {
  const file = handle.sqlite;
  if (file) {
    const insert = file.prepare(
      `insert into messages (id, conv_key, from_user, to_contact, is_group, type, content, at, extends, file_id, send_time, is_undo)
       values (@id, @conv_key, @from_user, @to_contact, 0, 'text', @content, '[]', '{}', null, @send_time, 0)`,
    );
    const writeAll = file.transaction((batch: HistoryMessage[]) => {
      for (const m of batch) insert.run(m);
    });
    return async (batch) => writeAll(batch);
  }
  return async (batch) => {
    const column = <K extends keyof HistoryMessage>(k: K) => batch.map((m) => m[k]);
    await sql`insert into messages (id, conv_key, from_user, to_contact, is_group, type, content, at, extends, file_id, send_time, is_undo)
      select t.id, t.conv_key, t.from_user, t.to_contact, 0, 'text', t.content, '[]', '{}', null, t.send_time, 0
      from unnest(${column('id')}::text[], ${column('conv_key')}::text[], ${column('from_user')}::int[], ${column('to_contact')}::text[],
        ${column('content')}::text[], ${column('send_time')}::bigint[]) with ordinality as t(id, conv_key, from_user, to_contact, content, send_time, n)
      order by t.n`.execute(handle.db);
  };
}
