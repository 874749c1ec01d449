import type { ChatMessage, GroupSetting } from '@parley/protocol';
import type { FastifyBaseLogger } from 'fastify';
import type { RawBuilder, SqlBool } from 'kysely';
import type { Background } from './background.ts';
import type { Config } from './config.ts';
import type { Db, Dialect } from './db/index.ts';
import type { Listeners } from './listeners.ts';
import type { Hub } from './realtime/hub.ts';
import type { SessionResolver } from './session.ts';

export interface GroupFacts {
  id: number;
  name: string;
  ownerId: number;
  setting: GroupSetting;
  removed: boolean;
}

export interface MemberFacts {
  role: number;
  muteUntil: number;
  joinedMsgId: number;
}

/**
 * The read side of groups other modules use (implemented by the groups module, `groups/membership.ts`):
 * declared here so that a module reaches group facts through this service, never through groups' tables
 * or its files.
 */
export interface GroupMembership {
  group(groupId: number): Promise<GroupFacts | null>;
  member(groupId: number, userId: number): Promise<MemberFacts | null>;
  memberIds(groupId: number): Promise<number[]>;
  /** everyone who shares a group with `userId` (not `userId`) */
  coMemberIds(userId: number): Promise<number[]>;
  /** the msg_id above which `userId` sees the live group's messages (protocol `joinFloor`); null when not a member */
  joinFloorOf(groupId: number, userId: number): Promise<number | null>;
  /** may `from` send `to` a friend request from group `groupId`'s member list? */
  mayAddFriendVia(groupId: number, from: number, to: number): Promise<boolean>;
  invalidate(groupId: number): void;
}

/** The read side of friendships other modules use (implemented by the friends module, `friends/relations.ts`). */
export interface FriendRelations {
  /** the remark names `viewer` gave to `ids` (only those that have one) */
  remarksOf(viewer: number, ids: number[]): Promise<Map<number, string>>;
  /** whether `a` and `b` are friends on both sides (a friendship is stored once per side) */
  mutual(a: number, b: number): Promise<boolean>;
  /** the friendship of `a` and `b` was just removed (committed): `mutual` forgets it on every node */
  ended(a: number, b: number): void;
  /** the friends of `user` among `ids` */
  friendsAmong(user: number, ids: number[]): Promise<Set<number>>;
  /** every friend of `user` */
  friendIdsOf(user: number): Promise<number[]>;
  /** the friends of `viewer` (among `ids` when given), each with the remark name `viewer` gave them ('' when none) */
  friendRemarks(viewer: number, ids?: number[]): Promise<Map<number, string>>;
  /** a condition for another module's query: the user in `userIdColumn` is a friend `viewer` gave a remark containing `keyword` */
  remarkContains(viewer: number, userIdColumn: string, keyword: string): RawBuilder<SqlBool>;
}

/** A user as shown beside what they did: name and avatar (read through the users module, `users/directory.ts`). */
export interface UserCard {
  id: number;
  nickname: string;
  avatar: string;
  avatar_color: number;
}

/** A message sender's name and avatar, kept between sends (implemented by the users module, `users/senderCards.ts`). */
export interface SenderCards {
  /** the card of `userId` (undefined: no such user) */
  of(userId: number): Promise<UserCard | undefined>;
  /** `userId`'s name or avatar just changed (committed): every node reads the card again */
  changed(userId: number): void;
}

/** A module's reason why `userId` may read an uploaded file outside the chats (a friend's moment picture). */
export type FileReadRule = (userId: number, fileId: number) => Promise<boolean>;

/** Rules for reading uploads that the modules sharing files outside chats add (implemented in `fileReaders.ts`). */
export interface FileReaders {
  add(rule: FileReadRule): void;
  mayRead(userId: number, fileId: number): Promise<boolean>;
}

/** A message just committed and pushed to the sockets of its recipients (every user id, or 'all': a broadcast). */
export interface NewMessage {
  message: ChatMessage;
  recipients: number[] | 'all';
}

/** What every module gets: config, database, the socket hub and the session resolver. */
export interface AppContext {
  config: Config;
  db: Db;
  dialect: Dialect;
  hub: Hub;
  sessions: SessionResolver;
  log: FastifyBaseLogger;
  secret: string;
  /** cached read side of groups, shared so that group writes invalidate what sending reads */
  groups: GroupMembership;
  /** remark names, shared so that no module reads the friends tables */
  friends: FriendRelations;
  /** senders' names and avatars, kept so that a send does not read them again */
  senderCards: SenderCards;
  /** may a user read an upload for a reason outside the chats (see `canReadFile`) */
  fileReaders: FileReaders;
  /** told of every new message after its commit and socket push (web push listens); a listener returns at once */
  newMessages: Listeners<NewMessage>;
  /** told of the session ids that ended on purpose (logout, signed out by another device, password change) */
  sessionsEnded: Listeners<number[]>;
  /** work after the answer, waited for on shutdown */
  background: Background;
}
