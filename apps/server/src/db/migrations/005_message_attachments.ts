import type { Kysely } from 'kysely';

/**
 * Files a message carries besides its own `file_id`: the photos and files inside a merged forward.
 * The download check reads it, so that the recipients of a forward may open what it shows.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('message_attachments')
    .addColumn('msg_id', 'bigint', (c) => c.notNull())
    .addColumn('file_id', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('message_attachments_pk', ['msg_id', 'file_id'])
    .execute();
  await db.schema.createIndex('message_attachments_file').on('message_attachments').columns(['file_id']).execute();
}
