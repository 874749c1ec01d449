import type { Kysely } from 'kysely';

/** Cached engine results: a message's translations (one per language) and a voice message's text. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('message_translations')
    .addColumn('msg_id', 'bigint', (c) => c.notNull())
    .addColumn('lang', 'varchar(16)', (c) => c.notNull())
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('message_translations_pk', ['msg_id', 'lang'])
    .execute();
  await db.schema
    .createTable('voice_transcripts')
    .addColumn('msg_id', 'bigint', (c) => c.primaryKey())
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
}
