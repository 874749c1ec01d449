import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { befriend, seedGroup, send, setMember } from '../modules/messages/fixtures.ts';
import { type Cell, type MatrixWorld, matrixEntryFor } from '../testing/authzMatrix.ts';
import { type EndpointCase, endpointCases } from '../testing/endpointCases.ts';
import { backends, boundSocket, type Res, startServer, type TestServer, type TestSocket } from '../testing/harness.ts';

/**
 * The authorization matrix (issue 9), generated from the endpoint table: every endpoint ×
 * (no token, bad token, stranger, plain member where a role is needed). Each cell is asserted;
 * the bodies come from `testing/authzMatrix.ts`, which must name every endpoint.
 */

/** Not a token at all: HTTP 401 (design: "missing or malformed"). */
const MALFORMED_TOKEN = 'not a token!';
/** Shaped like a token but no session has it: code -1, "your session has ended" (design: Contract). */
const UNKNOWN_TOKEN = 'x'.repeat(43);

function isRefusal(res: Res): boolean {
  return res.status < 500 && res.body.code !== 0 && res.body.code !== 500;
}

describe.each(backends)('authorization matrix (%s)', (backend) => {
  let s: TestServer;
  let world: MatrixWorld;
  const tokens = { stranger: '', member: '' };
  let ownerSocket: TestSocket;
  let cases: EndpointCase[] = [];

  beforeAll(async () => {
    s = await startServer(backend);
    cases = endpointCases();
    const db = s.built.ctx.db;
    const [owner, admin, member, stranger, asker] = await Promise.all(['Owner', 'Admin', 'Member', 'Stranger', 'Asker'].map((n) => s.user(n)));
    tokens.stranger = stranger.token;
    tokens.member = member.token;
    await befriend(db, owner.id, member.id);
    await befriend(db, owner.id, admin.id);
    const groupId = await seedGroup(db, owner.id, [admin.id, member.id]);
    await setMember(db, groupId, admin.id, { role: 2 });
    const privateMsg = await send(s, owner.token, { toContactId: member.id, content: 'private' });
    const groupMsg = await send(s, owner.token, { toContactId: `group-${groupId}`, is_group: 1, content: 'group' });
    const asked = await s.post('/enterprise/friend/add', { user_id: member.id, remark: 'hi' }, asker.token);
    expect(asked.body.code).toBe(0);
    const request = await db.selectFrom('friend_requests').select('id').where('to_user', '=', member.id).where('from_user', '=', asker.id).executeTakeFirstOrThrow();
    const session = await db.selectFrom('sessions').select('id').where('user_id', '=', owner.id).executeTakeFirstOrThrow();
    ownerSocket = await boundSocket(s.wsUrl, owner.token);
    world = {
      owner: owner.id,
      admin: admin.id,
      member: member.id,
      stranger: stranger.id,
      groupId,
      privateMsgId: privateMsg.body.data.msg_id,
      groupMsgId: groupMsg.body.data.msg_id,
      requestToMember: Number(request.id),
      ownerSessionId: Number(session.id),
      ownerClientId: ownerSocket.clientId,
    };
  });
  afterAll(async () => {
    ownerSocket?.close();
    await s.close();
  });

  it('has a matrix entry for every endpoint, and a member cell wherever the table’s role names the owner or an admin', () => {
    const missing = cases.filter((c) => !matrixEntryFor(c.path)).map((c) => c.path);
    expect(missing).toEqual([]);
    const needsMemberCell = cases.filter((c) => /owner|admin/i.test(c.role ?? ''));
    expect(needsMemberCell.length).toBeGreaterThan(0);
    expect(needsMemberCell.filter((c) => !matrixEntryFor(c.path)?.member).map((c) => c.path)).toEqual([]);
  });

  async function refusedCell(path: string, cell: Cell | undefined, token: string): Promise<string | null> {
    if (!cell || 'open' in cell) return null;
    const res = await s.post(path, cell(world), token);
    return isRefusal(res) ? null : `${path}: answered ${res.status} code ${res.body.code} (${res.body.msg})`;
  }

  it('refuses every signed-in endpoint without a token, with a malformed one (HTTP 401) and with an unknown one (code -1); public ones answer', async () => {
    const wrong: string[] = [];
    for (const c of cases) {
      const none = await s.post(c.path, {});
      const malformed = await s.post(c.path, {}, MALFORMED_TOKEN);
      const unknown = await s.post(c.path, {}, UNKNOWN_TOKEN);
      if (c.access === 'user') {
        if (none.status !== 401) wrong.push(`${c.path} without a token: ${none.status}`);
        if (malformed.status !== 401) wrong.push(`${c.path} with a malformed token: ${malformed.status}`);
        if (unknown.body.code !== -1) wrong.push(`${c.path} with an unknown token: code ${unknown.body.code}`);
      } else {
        for (const [cell, res] of [['no', none], ['a malformed', malformed], ['an unknown', unknown]] as const) {
          if (res.status === 401 || res.status >= 500 || res.body.code === -1) wrong.push(`${c.path} (public) with ${cell} token: ${res.status} code ${res.body.code}`);
        }
      }
    }
    expect(wrong).toEqual([]);
  });

  it('refuses a stranger on every endpoint that acts on someone else’s user, message or group', async () => {
    const wrong: string[] = [];
    let asserted = 0;
    for (const c of cases) {
      const cell = matrixEntryFor(c.path)?.stranger;
      if (cell && !('open' in cell)) asserted++;
      const problem = await refusedCell(c.path, cell, tokens.stranger);
      if (problem) wrong.push(problem);
    }
    expect(wrong).toEqual([]);
    expect(asserted).toBeGreaterThanOrEqual(Math.min(cases.length, 30));
  });

  it('refuses a plain member where the owner or an admin is needed', async () => {
    const wrong: string[] = [];
    for (const c of cases) {
      const problem = await refusedCell(c.path, matrixEntryFor(c.path)?.member, tokens.member);
      if (problem) wrong.push(problem);
    }
    expect(wrong).toEqual([]);
    // and the group is still there, owned as before
    const info = await s.post('/enterprise/group/groupInfo', { group_id: world.groupId }, tokens.member);
    expect(info.body.code).toBe(0);
    expect(info.body.data.group.owner_id).toBe(world.owner);
  });
});
