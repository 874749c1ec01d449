import type { Generated } from 'kysely';

/** Booleans are stored as 0/1 and times as integer milliseconds in both dialects. */
export interface UsersTable {
  id: Generated<number>;
  account: string;
  account_key: string;
  nickname: string;
  password_hash: string;
  avatar: string;
  avatar_color: number;
  gender: string;
  signature: string;
  email: string;
  phone: string;
  invite_code: string;
  verified: number;
  status: number;
  created_at: number;
}

export interface SessionsTable {
  id: Generated<number>;
  user_id: number;
  token_hash: string;
  device: string;
  cid: string;
  user_agent: string;
  ip: string;
  created_at: number;
  last_used_at: number;
  expires_at: number;
  revoked_at: number | null;
}

export interface LoginFailuresTable {
  id: Generated<number>;
  key: string;
  at: number;
}

export interface SystemConfigTable {
  key: string;
  value: string;
}

export interface VerificationCodesTable {
  id: Generated<number>;
  target: string;
  purpose: string;
  code_hash: string;
  expires_at: number;
  used_at: number | null;
  created_at: number;
}

export interface FriendRequestsTable {
  id: Generated<number>;
  from_user: number;
  to_user: number;
  remark: string;
  /** 0 pending, 1 agreed, 2 rejected */
  status: number;
  created_at: number;
  updated_at: number;
}

/** Two rows per friendship, one per side; `nickname` is the remark the owner sees. */
export interface FriendsTable {
  user_id: number;
  friend_id: number;
  nickname: string;
  created_at: number;
}

export interface GroupsTable {
  id: Generated<number>;
  name: string;
  owner_id: number;
  avatar: string;
  notice: string;
  notice_at: number;
  /** JSON of the group switches */
  setting: string;
  /** 0 open; >0 = muted for all since (ms); the mute mode lives in setting */
  created_at: number;
  removed_at: number | null;
  /** signed into every group QR code; raised to revoke them all */
  qr_epoch: Generated<number>;
  /** the creator's client id of the creation: its retries answer this group */
  client_id: string | null;
}

/** Members removed by an owner or admin: they come back only by a fresh invitation, not by a QR code. */
export interface GroupRemovalsTable {
  group_id: number;
  user_id: number;
  removed_at: number;
}

export interface GroupMembersTable {
  group_id: number;
  user_id: number;
  /** 1 owner, 2 admin, 3 member */
  role: number;
  joined_at: number;
  /** first message id this member may read when history is hidden */
  joined_msg_id: number;
  mute_until: number;
}

/**
 * A user's view of one conversation (a row of the chat list).
 * contact_id: the other user's id, `group-<n>`, or `system`.
 */
export interface ConversationsTable {
  user_id: number;
  contact_id: string;
  conv_key: string;
  is_top: number;
  is_notice: number;
  /** highest msg_id read */
  read_msg_id: number;
  /** highest msg_id read for mentions */
  read_at_msg_id: number;
  /** messages up to this id are cleared for this user */
  cleared_msg_id: number;
  /** hidden from the chat list until a newer message than this id */
  hidden_msg_id: number;
  updated_at: number;
}

export interface MessagesTable {
  msg_id: Generated<number>;
  /** client-made id, the idempotency key (unique per sender) */
  id: string;
  conv_key: string;
  from_user: number;
  to_contact: string;
  is_group: number;
  type: string;
  content: string;
  at: string;
  extends: string;
  file_id: number | null;
  send_time: number;
  is_undo: number;
}

/** A file shown inside a message (a merged forward's photos and files). */
export interface MessageAttachmentsTable {
  msg_id: number;
  file_id: number;
}

export interface MessageDeletionsTable {
  user_id: number;
  msg_id: number;
}

export interface UploadsTable {
  id: Generated<number>;
  owner_id: number;
  kind: string;
  name: string;
  mime: string;
  ext: string;
  size: number;
  path: string;
  created_at: number;
}

export interface MessageTranslationsTable {
  msg_id: number;
  /** the app's language code */
  lang: string;
  text: string;
  created_at: number;
}

export interface VoiceTranscriptsTable {
  msg_id: number;
  text: string;
  created_at: number;
}

export interface GoodsTable {
  id: Generated<number>;
  name: string;
  category: string;
  price_fen: number;
  /** JSON array of picture URLs */
  pictures: string;
  description: string;
  removed: number;
  created_at: number;
  updated_at: number;
}

export interface CrmFormsTable {
  type: string;
  /** JSON form definition */
  fields: string;
  updated_at: number;
}

export interface CrmRecordsTable {
  id: Generated<number>;
  type: string;
  creator_id: number;
  title: string;
  /** JSON of the form's values */
  values: string;
  good_id: number | null;
  amount_fen: number;
  stage: string;
  won_at: number;
  created_at: number;
  updated_at: number;
}

export interface CrmSharesTable {
  record_id: number;
  user_id: number;
  proportion_x100: number;
}

/** A voice/video call (modules/calls). */
export interface CallsTable {
  id: string;
  caller_id: number;
  callee_id: number;
  media: string;
  /** 'ringing' | 'active' | 'ended' */
  state: string;
  /** the socket (client_id) that placed the call */
  caller_client: string;
  /** the socket that answered it */
  callee_client: string | null;
  created_at: number;
  ring_deadline: number;
  accepted_at: number | null;
  ended_at: number | null;
  outcome: string | null;
  duration: Generated<number>;
  msg_id: number | null;
}

/** A user on a call: at most one row per user. */
export interface CallLinesTable {
  user_id: number;
  call_id: string;
}

export interface Database {
  users: UsersTable;
  sessions: SessionsTable;
  login_failures: LoginFailuresTable;
  system_config: SystemConfigTable;
  verification_codes: VerificationCodesTable;
  friend_requests: FriendRequestsTable;
  friends: FriendsTable;
  groups: GroupsTable;
  group_members: GroupMembersTable;
  group_removals: GroupRemovalsTable;
  conversations: ConversationsTable;
  messages: MessagesTable;
  message_deletions: MessageDeletionsTable;
  message_attachments: MessageAttachmentsTable;
  uploads: UploadsTable;
  message_translations: MessageTranslationsTable;
  voice_transcripts: VoiceTranscriptsTable;
  goods: GoodsTable;
  crm_forms: CrmFormsTable;
  crm_records: CrmRecordsTable;
  crm_shares: CrmSharesTable;
  wallets: WalletsTable;
  ledger_txns: LedgerTxnsTable;
  ledger_entries: LedgerEntriesTable;
  wallet_requests: WalletRequestsTable;
  red_packets: RedPacketsTable;
  red_packet_shares: RedPacketSharesTable;
  calls: CallsTable;
  call_lines: CallLinesTable;
  docs: DocsTable;
  moments: MomentsTable;
  moment_readers: { moment_id: number; user_id: number };
  moment_files: { file_id: number; moment_id: number };
  moment_likes: { moment_id: number; user_id: number; created_at: number };
  moment_comments: MomentCommentsTable;
  moment_notices: MomentNoticesTable;
  moment_covers: { user_id: number; file_id: number; updated_at: number };
  favorites: FavoritesTable;
  stickers: StickersTable;
  push_subscriptions: PushSubscriptionsTable;
  push_settings: PushSettingsTable;
}

/** A browser's push subscription (migration 015): `session_id` is the session that made it (logout removes it). */
export interface PushSubscriptionsTable {
  id: Generated<number>;
  user_id: number;
  session_id: number;
  endpoint: string;
  p256dh: string;
  auth: string;
  created_at: number;
}

/** A user's push settings (migration 015); no row = the defaults. */
export interface PushSettingsTable {
  user_id: number;
  /** 1: pushes show the message text */
  preview: number;
  updated_at: number;
}

/** Favorites (migration 013): `message` is the kept ChatMessage as JSON (file links left out). */
export interface FavoritesTable {
  id: Generated<number>;
  user_id: number;
  kind: string;
  msg_id: number;
  message: string;
  file_id: number | null;
  search_text: string;
  created_at: number;
}

/** Custom emoji (migration 013): larger `sort` = nearer the front. */
export interface StickersTable {
  id: Generated<number>;
  user_id: number;
  file_id: number;
  sort: number;
  created_at: number;
}

/** Moments (migration 012). `media`: JSON `[{file_id, kind, duration}]`. */
export interface MomentsTable {
  id: Generated<number>;
  author_id: number;
  text: string;
  media: string;
  location: string | null;
  visibility: string;
  created_at: number;
  /** the client's id of the post: its retries answer this one */
  client_id: string | null;
}

export interface MomentCommentsTable {
  id: Generated<number>;
  moment_id: number;
  author_id: number;
  /** the commenter answered (a user id), or null */
  reply_to: number | null;
  text: string;
  created_at: number;
}

export interface MomentNoticesTable {
  id: Generated<number>;
  /** who is told */
  user_id: number;
  from_user: number;
  moment_id: number;
  kind: string;
  text: string;
  read: Generated<number>;
  created_at: number;
}

/** Help docs (migration 011): one row per article and language. */
export interface DocsTable {
  slug: string;
  lang: string;
  title: string;
  html: string;
  sort: number;
  removed: number;
  updated_at: number;
}

/** Wallets (issue 10): the balance is cached here, in the same transaction as its ledger entries. */
export interface WalletsTable {
  user_id: number;
  balance: Generated<number>;
  pay_hash: string;
  must_change: Generated<number>;
  pay_failures: Generated<number>;
  pay_locked_until: Generated<number>;
  opened_at: number;
}

export interface LedgerTxnsTable {
  id: Generated<number>;
  kind: string;
  ref: string;
  created_at: number;
}

/** One leg of a transaction; `account` is `user:<id>` or `system:<name>`. */
export interface LedgerEntriesTable {
  id: Generated<number>;
  txn_id: number;
  account: string;
  amount: number;
  balance_after: number | null;
  kind: string;
  ref: string;
  created_at: number;
}

export interface WalletRequestsTable {
  id: Generated<number>;
  user_id: number;
  kind: string;
  amount: number;
  status: string;
  provider: string;
  created_at: number;
  decided_at: number | null;
  notified: Generated<number>;
  /** the client's id of the request: its retries answer this one */
  client_id: string | null;
}

export interface RedPacketsTable {
  msg_id: number;
  sender_id: number;
  is_group: number;
  group_id: number | null;
  to_user: number | null;
  kind: string;
  total: number;
  count: number;
  claimed_count: Generated<number>;
  claimed_total: Generated<number>;
  refunded: Generated<number>;
  blessing: string;
  cover: string;
  status: string;
  created_at: number;
  expires_at: number;
  finished_at: number | null;
}

export interface RedPacketSharesTable {
  packet_id: number;
  seq: number;
  amount: number;
  claimed_by: number | null;
  claimed_at: number | null;
}
