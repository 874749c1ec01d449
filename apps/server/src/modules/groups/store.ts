import { GROUP_AVATAR_TILES, GROUP_MEMBER_PAGE_MAX, type GroupAvatarTile, groupConvKey } from '@parley/protocol';
import { sql } from 'kysely';
import type { FriendRelations } from '../../context.ts';
import type { Db, Dialect } from '../../db/index.ts';
import { nicknameContains, type UserCard, userCards } from '../users/directory.ts';

interface MemberFields {
  user_id: number;
  role: number;
  mute_until: number;
  joined_at: number;
}

/** A member with the name and avatar their user card gives. */
export type MemberRow = MemberFields & Omit<UserCard, 'id'>;

export type UserBrief = UserCard;

const MEMBER_COLUMNS = ['gm.user_id', 'gm.role', 'gm.mute_until', 'gm.joined_at'] as const;

/** Members with their user cards, in the given order (a member without a user row is left out). */
async function withCards(db: Db, members: MemberFields[]): Promise<MemberRow[]> {
  const cards = await userCards(db, members.map((m) => m.user_id));
  return members.flatMap((m) => {
    const card = cards.get(m.user_id);
    return card ? [{ ...m, nickname: card.nickname, avatar: card.avatar, avatar_color: card.avatar_color }] : [];
  });
}

/** rows per INSERT of new members (6 parameters each) */
const MEMBER_INSERT_BATCH = 500;

/**
 * SQL of the groups module. Every function takes the handle it runs on (the db or a transaction).
 * Names and avatars come from the users module, remark names from the friends module.
 */
export function groupStore(db: Db, dialect: Dialect, friends: Pick<FriendRelations, 'remarkContains'>) {
  return {
    group: (gid: number, on: Db = db) => on.selectFrom('groups').selectAll().where('id', '=', gid).executeTakeFirst(),

    /** Reads the group row inside a transaction, locking it on PostgreSQL (SQLite transactions are serial). */
    async lockGroup(trx: Db, gid: number) {
      const q = trx.selectFrom('groups').selectAll().where('id', '=', gid);
      return dialect === 'postgres' ? q.forUpdate().executeTakeFirst() : q.executeTakeFirst();
    },

    member: (gid: number, uid: number, on: Db = db) =>
      on
        .selectFrom('group_members')
        .selectAll()
        .where('group_id', '=', gid)
        .where('user_id', '=', uid)
        .executeTakeFirst(),

    /**
     * A page of members in the list's order (owner, admins, then by joining), and how many match in
     * all. A keyword matches the name, or the remark `viewer` gave the member (the name they see):
     * the group's rows come by the `group_members_order` index, my remarks by the friends key.
     */
    async memberPage(
      gid: number,
      viewer: number,
      page: { offset?: number; limit?: number; keyword?: string },
    ): Promise<{ rows: MemberRow[]; total: number }> {
      let base = db.selectFrom('group_members as gm').where('gm.group_id', '=', gid);
      const keyword = page.keyword;
      if (keyword) {
        base = base.where((eb) =>
          eb.or([nicknameContains('gm.user_id', keyword), friends.remarkContains(viewer, 'gm.user_id', keyword)]),
        );
      }
      const [members, count] = await Promise.all([
        base
          .select(MEMBER_COLUMNS)
          .orderBy('gm.role')
          .orderBy('gm.joined_at')
          .orderBy('gm.user_id')
          .limit(page.limit ?? GROUP_MEMBER_PAGE_MAX)
          .offset(page.offset ?? 0)
          .execute(),
        base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
      ]);
      return { rows: await withCards(db, members), total: Number(count.n) };
    },

    /** Members with their profile: owner first, then admins, then members by joining order. */
    async members(gid: number, limit?: number): Promise<MemberRow[]> {
      let q = db
        .selectFrom('group_members as gm')
        .select(MEMBER_COLUMNS)
        .where('gm.group_id', '=', gid)
        .orderBy('gm.role')
        .orderBy('gm.joined_at')
        .orderBy('gm.user_id');
      if (limit !== undefined) q = q.limit(limit);
      return withCards(db, await q.execute());
    },

    async memberIds(gid: number, on: Db = db): Promise<number[]> {
      const rows = await on.selectFrom('group_members').select('user_id').where('group_id', '=', gid).execute();
      return rows.map((r) => r.user_id);
    },

    async memberCounts(gids: number[]): Promise<Map<number, number>> {
      if (gids.length === 0) return new Map();
      const rows = await db
        .selectFrom('group_members')
        .select((eb) => ['group_id', eb.fn.countAll<number>().as('n')])
        .where('group_id', 'in', gids)
        .groupBy('group_id')
        .execute();
      return new Map(rows.map((r) => [r.group_id, Number(r.n)]));
    },

    /** The first nine members of each group (owner first), the tiles of the drawn group avatar. */
    async avatarTiles(gids: number[]): Promise<Map<number, GroupAvatarTile[]>> {
      const out = new Map<number, GroupAvatarTile[]>(gids.map((g) => [g, []]));
      if (gids.length === 0) return out;
      const ranked = db
        .selectFrom('group_members as gm')
        .select([
          'gm.group_id',
          'gm.user_id',
          sql<number>`row_number() over (partition by gm.group_id order by gm.role, gm.joined_at, gm.user_id)`.as('rn'),
        ])
        .where('gm.group_id', 'in', gids)
        .as('t');
      const rows = await db
        .selectFrom(ranked)
        .selectAll()
        .where('t.rn', '<=', GROUP_AVATAR_TILES)
        .orderBy('t.group_id')
        .orderBy('t.rn')
        .execute();
      const cards = await userCards(db, rows.map((r) => r.user_id));
      for (const r of rows) {
        const card = cards.get(r.user_id);
        if (card) out.get(r.group_id)?.push({ user_id: r.user_id, avatar: card.avatar, nickname: card.nickname, avatar_color: card.avatar_color });
      }
      return out;
    },

    async users(ids: number[]): Promise<UserBrief[]> {
      return [...(await userCards(db, ids)).values()];
    },

    /** Highest message id of the group's conversation (0 when it has none). */
    async maxMsgId(gid: number, on: Db = db): Promise<number> {
      const row = await on
        .selectFrom('messages')
        .select((eb) => eb.fn.max('msg_id').as('m'))
        .where('conv_key', '=', groupConvKey(gid))
        .executeTakeFirst();
      return row?.m == null ? 0 : Number(row.m);
    },

    /** The live groups `uid` belongs to, with their role. */
    myGroups: (uid: number) =>
      db
        .selectFrom('group_members as gm')
        .innerJoin('groups as g', 'g.id', 'gm.group_id')
        .select(['g.id', 'g.name', 'g.avatar', 'g.owner_id', 'g.setting', 'g.notice', 'g.notice_at', 'g.created_at', 'gm.role'])
        .where('gm.user_id', '=', uid)
        .where('g.removed_at', 'is', null)
        .orderBy('g.name')
        .orderBy('g.id')
        .execute(),

    // --- writes (run them inside a transaction) ---------------------------------------------

    /** The group `ownerId` made under the client's id `clientId`, if any. */
    async groupByClientId(db: Db, ownerId: number, clientId: string): Promise<number | undefined> {
      const row = await db.selectFrom('groups').select('id').where('owner_id', '=', ownerId).where('client_id', '=', clientId).executeTakeFirst();
      return row && Number(row.id);
    },

    async insertGroup(trx: Db, row: { name: string; owner_id: number; setting: string; now: number; client_id: string | null }): Promise<number> {
      const { id } = await trx
        .insertInto('groups')
        .values({
          name: row.name,
          owner_id: row.owner_id,
          avatar: '',
          notice: '',
          notice_at: 0,
          setting: row.setting,
          created_at: row.now,
          removed_at: null,
          client_id: row.client_id,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return id;
    },

    async insertMembers(
      trx: Db,
      gid: number,
      members: { user_id: number; role: number }[],
      joinedMsgId: number,
      now: number,
    ): Promise<void> {
      // in batches: thousands of members in one statement would pass SQLite's and PostgreSQL's bound-parameter limits
      for (let i = 0; i < members.length; i += MEMBER_INSERT_BATCH) {
        await trx
          .insertInto('group_members')
          .values(
            members.slice(i, i + MEMBER_INSERT_BATCH).map((m) => ({
              group_id: gid,
              user_id: m.user_id,
              role: m.role,
              joined_at: now,
              joined_msg_id: joinedMsgId,
              mute_until: 0,
            })),
          )
          .onConflict((oc) => oc.columns(['group_id', 'user_id']).doNothing())
          .execute();
      }
    },

    updateGroup: (
      trx: Db,
      gid: number,
      set: Partial<{ name: string; notice: string; notice_at: number; setting: string; owner_id: number; removed_at: number }>,
    ) => trx.updateTable('groups').set(set).where('id', '=', gid).execute(),

    updateMember: (trx: Db, gid: number, uid: number, set: Partial<{ role: number; mute_until: number }>) =>
      trx.updateTable('group_members').set(set).where('group_id', '=', gid).where('user_id', '=', uid).execute(),

    deleteMember: (trx: Db, gid: number, uid: number) =>
      trx.deleteFrom('group_members').where('group_id', '=', gid).where('user_id', '=', uid).execute(),

    deleteAllMembers: (trx: Db, gid: number) => trx.deleteFrom('group_members').where('group_id', '=', gid).execute(),
  };
}

export type GroupStore = ReturnType<typeof groupStore>;
