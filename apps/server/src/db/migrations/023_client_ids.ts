import { type Kysely, sql } from 'kysely';

/**
 * A client's id for a wallet request, a moment or a new group (the idempotency key of its retries):
 * a retry after a lost answer answers the one stored, instead of a second withdrawal, post or group.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  for (const table of ['wallet_requests', 'moments', 'groups']) {
    await sql`ALTER TABLE ${sql.table(table)} ADD COLUMN client_id TEXT`.execute(db);
  }
  await sql`CREATE UNIQUE INDEX wallet_requests_client ON wallet_requests (user_id, client_id) WHERE client_id IS NOT NULL`.execute(db);
  await sql`CREATE UNIQUE INDEX moments_client ON moments (author_id, client_id) WHERE client_id IS NOT NULL`.execute(db);
  await sql`CREATE UNIQUE INDEX groups_client ON groups (owner_id, client_id) WHERE client_id IS NOT NULL`.execute(db);
}
