import type { Kysely } from 'kysely';
import { type Dialect, idColumn, idConstraints } from './helpers.ts';

export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  await db.schema
    .createTable('users')
    .addColumn('id', idColumn(dialect), idConstraints(dialect))
    .addColumn('account', 'varchar(64)', (c) => c.notNull())
    .addColumn('account_key', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('nickname', 'varchar(64)', (c) => c.notNull())
    .addColumn('password_hash', 'varchar(255)', (c) => c.notNull())
    .addColumn('avatar', 'varchar(512)', (c) => c.notNull().defaultTo(''))
    .addColumn('avatar_color', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('gender', 'varchar(16)', (c) => c.notNull().defaultTo('unknown'))
    .addColumn('signature', 'varchar(255)', (c) => c.notNull().defaultTo(''))
    .addColumn('email', 'varchar(255)', (c) => c.notNull().defaultTo(''))
    .addColumn('phone', 'varchar(32)', (c) => c.notNull().defaultTo(''))
    .addColumn('invite_code', 'varchar(32)', (c) => c.notNull().defaultTo(''))
    .addColumn('verified', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('status', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('sessions')
    .addColumn('id', idColumn(dialect), idConstraints(dialect))
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addColumn('token_hash', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('device', 'varchar(16)', (c) => c.notNull())
    .addColumn('cid', 'varchar(128)', (c) => c.notNull().defaultTo(''))
    .addColumn('user_agent', 'varchar(255)', (c) => c.notNull().defaultTo(''))
    .addColumn('ip', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('last_used_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('revoked_at', 'bigint')
    .execute();
  await db.schema.createIndex('sessions_user').on('sessions').columns(['user_id']).execute();

  await db.schema
    .createTable('login_failures')
    .addColumn('id', idColumn(dialect), idConstraints(dialect))
    .addColumn('key', 'varchar(128)', (c) => c.notNull())
    .addColumn('at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('login_failures_key').on('login_failures').columns(['key', 'at']).execute();

  await db.schema
    .createTable('system_config')
    .addColumn('key', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('verification_codes')
    .addColumn('id', idColumn(dialect), idConstraints(dialect))
    .addColumn('target', 'varchar(128)', (c) => c.notNull())
    .addColumn('purpose', 'varchar(16)', (c) => c.notNull())
    .addColumn('code_hash', 'varchar(64)', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('used_at', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('verification_codes_target').on('verification_codes').columns(['target']).execute();

  await db.schema
    .createTable('friend_requests')
    .addColumn('id', idColumn(dialect), idConstraints(dialect))
    .addColumn('from_user', 'integer', (c) => c.notNull())
    .addColumn('to_user', 'integer', (c) => c.notNull())
    .addColumn('remark', 'varchar(255)', (c) => c.notNull().defaultTo(''))
    .addColumn('status', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('friend_requests_to').on('friend_requests').columns(['to_user', 'status']).execute();
  await db.schema.createIndex('friend_requests_from').on('friend_requests').columns(['from_user', 'to_user']).execute();

  await db.schema
    .createTable('friends')
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addColumn('friend_id', 'integer', (c) => c.notNull())
    .addColumn('nickname', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('friends_pk', ['user_id', 'friend_id'])
    .execute();

  await db.schema
    .createTable('groups')
    .addColumn('id', idColumn(dialect), idConstraints(dialect))
    .addColumn('name', 'varchar(128)', (c) => c.notNull())
    .addColumn('owner_id', 'integer', (c) => c.notNull())
    .addColumn('avatar', 'varchar(512)', (c) => c.notNull().defaultTo(''))
    .addColumn('notice', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('notice_at', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('setting', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('removed_at', 'bigint')
    .execute();

  await db.schema
    .createTable('group_members')
    .addColumn('group_id', 'integer', (c) => c.notNull())
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addColumn('role', 'integer', (c) => c.notNull().defaultTo(3))
    .addColumn('joined_at', 'bigint', (c) => c.notNull())
    .addColumn('joined_msg_id', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('mute_until', 'bigint', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('group_members_pk', ['group_id', 'user_id'])
    .execute();
  await db.schema.createIndex('group_members_user').on('group_members').columns(['user_id']).execute();

  await db.schema
    .createTable('conversations')
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addColumn('contact_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('conv_key', 'varchar(64)', (c) => c.notNull())
    .addColumn('is_top', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('is_notice', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('read_msg_id', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('read_at_msg_id', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('cleared_msg_id', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('hidden_msg_id', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('conversations_pk', ['user_id', 'contact_id'])
    .execute();
  await db.schema.createIndex('conversations_key').on('conversations').columns(['conv_key']).execute();

  await db.schema
    .createTable('messages')
    .addColumn('msg_id', idColumn(dialect), idConstraints(dialect))
    .addColumn('id', 'varchar(64)', (c) => c.notNull())
    .addColumn('conv_key', 'varchar(64)', (c) => c.notNull())
    .addColumn('from_user', 'integer', (c) => c.notNull())
    .addColumn('to_contact', 'varchar(64)', (c) => c.notNull())
    .addColumn('is_group', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('type', 'varchar(32)', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('at', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('extends', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('file_id', 'integer')
    .addColumn('send_time', 'bigint', (c) => c.notNull())
    .addColumn('is_undo', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('messages_sender_id').on('messages').columns(['from_user', 'id']).unique().execute();
  await db.schema.createIndex('messages_conv').on('messages').columns(['conv_key', 'msg_id']).execute();
  await db.schema.createIndex('messages_file').on('messages').columns(['file_id']).execute();

  await db.schema
    .createTable('message_deletions')
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addColumn('msg_id', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('message_deletions_pk', ['user_id', 'msg_id'])
    .execute();

  await db.schema
    .createTable('uploads')
    .addColumn('id', idColumn(dialect), idConstraints(dialect))
    .addColumn('owner_id', 'integer', (c) => c.notNull())
    .addColumn('kind', 'varchar(16)', (c) => c.notNull())
    .addColumn('name', 'varchar(255)', (c) => c.notNull())
    .addColumn('mime', 'varchar(128)', (c) => c.notNull())
    .addColumn('ext', 'varchar(16)', (c) => c.notNull())
    .addColumn('size', 'bigint', (c) => c.notNull())
    .addColumn('path', 'varchar(255)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
}
