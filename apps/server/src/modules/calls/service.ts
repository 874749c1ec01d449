import {
  CALL_OUTCOME_CODE,
  type CallCodeValue,
  CallCode,
  type CallMedia,
  type CallOutcome,
  type CallParty,
  type SendToMsgBody,
  type SendToMsgData,
  type WebrtcPush,
} from '@parley/protocol';
import type { AppContext } from '../../context.ts';
import { fail } from '../../domainError.ts';
import type { MessageService } from '../messages/service.ts';
import type { SystemService } from '../system/service.ts';
import { userCard } from '../users/directory.ts';
import { type CallRow, callsStore } from './store.ts';
import { ownSocket } from '../../realtime/ownSocket.ts';

/** A ringing call whose deadline passed this long ago was lost with its node's timer: end it. */
const STALE_RING_SLACK_MS = 5_000;

type Party = 'caller' | 'callee';

/**
 * The call state machine (spec §4, §7; design: Realtime → Calls). The database holds each call and
 * one line per user on a call, so every rule holds on any node: one call per user (907 busy),
 * first answer wins, every way of ending ends the call once and leaves one record.
 */
export function callService(ctx: AppContext, system: SystemService, messages: MessageService) {
  const db = ctx.db;
  const timers = new Set<NodeJS.Timeout>();

  function later(ms: number, job: () => Promise<unknown>): void {
    const t = setTimeout(() => {
      timers.delete(t);
      job().catch((err) => ctx.log.warn({ err }, 'call timer failed'));
    }, ms);
    t.unref();
    timers.add(t);
  }

  async function party(userId: number): Promise<CallParty> {
    const u = await userCard(db, userId);
    return { id: userId, displayName: u?.nickname ?? '', avatar: u?.avatar ?? '', avatar_color: u?.avatar_color ?? 1 };
  }

  async function pushOf(call: CallRow, extra: Partial<WebrtcPush> & Pick<WebrtcPush, 'event'>): Promise<WebrtcPush> {
    const [caller, callee] = await Promise.all([party(call.caller_id), party(call.callee_id)]);
    return { id: call.id, type: call.media as CallMedia, caller, callee, ...extra };
  }

  /** Pushes to one party's call socket only: signalling never reaches another device or user. */
  function toSocket(userId: number, clientId: string, data: WebrtcPush): void {
    ctx.hub.push({ clientIds: [clientId], ofUser: userId }, 'webrtc', data);
  }

  /**
   * Ends a call that is in one of `from` states: once, whoever gets here first. Writes the record
   * through the messages service and tells every device of both parties (`rang`: the callee's too).
   */
  async function end(call: CallRow, outcome: CallOutcome, from: string[], rang = true): Promise<SendToMsgData | null> {
    const now = Date.now();
    const duration = outcome === 'completed' && call.accepted_at ? Math.max(0, Math.round((now - call.accepted_at) / 1000)) : 0;
    if (!(await callsStore.end(db, call.id, from, { outcome, duration, now }))) return null;
    const code = CALL_OUTCOME_CODE[outcome];
    const record = await messages.postCallRecord({
      call_id: call.id,
      media: call.media as CallMedia,
      outcome,
      duration,
      code,
      caller: call.caller_id,
      callee: call.callee_id,
    });
    await callsStore.setRecord(db, call.id, record.msg_id);
    const push = await pushOf(call, { event: 'call', code, duration, msg_id: record.msg_id });
    // a callee who was busy never heard this call ring: only the record tells them
    ctx.hub.pushUsers(rang ? [call.caller_id, call.callee_id] : [call.caller_id], 'webrtc', push);
    return { id: call.id, state: 'ended', code, msg_id: record.msg_id };
  }

  /** Ends whatever the caller's or callee's line still holds when its ring deadline is long gone. */
  async function reapStaleLines(userIds: number[]): Promise<void> {
    const now = Date.now();
    for (const userId of userIds) {
      const call = await callsStore.lineOf(db, userId);
      if (!call) continue;
      if (call.state === 'ended') await callsStore.dropLine(db, userId, call.id);
      else if (call.state === 'ringing' && call.ring_deadline + STALE_RING_SLACK_MS < now) await end(call, 'missed', ['ringing']);
    }
  }

  async function start(me: number, body: SendToMsgBody, clientId: string | undefined): Promise<SendToMsgData> {
    if ((await system.sysInfo()).disableCalls) throw fail('calls.disabled');
    const to = body.toContactId;
    if (to === me) throw fail('calls.self');
    await messages.checkPeer(me, to);
    if (!clientId) throw fail('calls.notConnected');
    if (await callsStore.byId(db, body.id)) throw fail('calls.idTaken');
    await reapStaleLines([me, to]);
    const now = Date.now();
    const call: CallRow = {
      id: body.id,
      caller_id: me,
      callee_id: to,
      media: body.type ?? 'voice',
      state: 'ringing',
      caller_client: clientId,
      callee_client: null,
      created_at: now,
      ring_deadline: now + ctx.config.callRingMs,
      accepted_at: null,
      ended_at: null,
      outcome: null,
      duration: 0,
      msg_id: null,
    };
    if (!(await callsStore.place(db, call))) throw fail('calls.otherDevice');
    if (!(await callsStore.takeLine(db, to, call.id))) {
      const busy = await end(call, 'busy', ['ringing'], false);
      if (busy) return busy;
    }
    ctx.hub.pushUsers([to], 'webrtc', await pushOf(call, { event: 'call', code: CallCode.CALLING }));
    later(ctx.config.callRingMs, async () => {
      const now = await callsStore.byId(db, call.id);
      if (now?.state === 'ringing') await end(now, 'missed', ['ringing']);
    });
    return { id: call.id, state: 'ringing', code: CallCode.CALLING };
  }

  async function accept(me: number, call: CallRow, clientId: string | undefined): Promise<SendToMsgData> {
    if (!clientId) throw fail('calls.notConnected');
    if (!(await callsStore.accept(db, call.id, clientId, Date.now()))) {
      const now = await callsStore.byId(db, call.id);
      throw now?.state === 'active' ? fail('calls.otherDevice') : fail('calls.ended');
    }
    const accepted = await pushOf(call, { event: 'call', code: CallCode.ACCEPTED });
    toSocket(call.caller_id, call.caller_client, accepted);
    ctx.hub.pushUsers([me], 'webrtc', { ...accepted, elsewhere: true }, ownSocket(me, clientId));
    return { id: call.id, state: 'active', code: CallCode.ACCEPTED };
  }

  /** 902, 903, 906 and 907 from a party: which ending each one means, in the call's current state. */
  function endingFor(role: Party, state: string, code: number): { outcome: CallOutcome; from: string[] } | null {
    if (state === 'ringing') {
      if (role === 'caller' && (code === CallCode.CANCELLED || code === CallCode.HUNG_UP)) return { outcome: 'cancelled', from: ['ringing'] };
      if (role === 'callee' && (code === CallCode.REJECTED || code === CallCode.HUNG_UP)) return { outcome: 'declined', from: ['ringing'] };
      if (role === 'callee' && code === CallCode.BUSY) return { outcome: 'busy', from: ['ringing'] };
      return null;
    }
    // a cancel or decline that crossed the answer on the wire hangs the connected call up
    const hangsUp: number[] = [CallCode.HUNG_UP, role === 'caller' ? CallCode.CANCELLED : CallCode.REJECTED];
    if (state === 'active' && hangsUp.includes(code)) return { outcome: 'completed', from: ['active'] };
    return null;
  }

  async function callOf(me: number, body: SendToMsgBody): Promise<{ call: CallRow; role: Party }> {
    const call = await callsStore.byId(db, body.id);
    if (!call) throw fail('calls.ended');
    const role: Party | null = call.caller_id === me ? 'caller' : call.callee_id === me ? 'callee' : null;
    if (role === null) throw fail('calls.notParty');
    const other = role === 'caller' ? call.callee_id : call.caller_id;
    if (body.toContactId !== other) throw fail('calls.notParty');
    return { call, role };
  }

  async function signal(me: number, body: SendToMsgBody, clientId: string | undefined): Promise<SendToMsgData> {
    const { call, role } = await callOf(me, body);
    if (call.state === 'ended') throw fail('calls.ended');
    const mine = role === 'caller' ? call.caller_client : call.callee_client;
    if (call.state !== 'active' || !clientId || clientId !== mine) throw fail('calls.notConnected');
    const [otherUser, otherClient] =
      role === 'caller' ? [call.callee_id, call.callee_client as string] : [call.caller_id, call.caller_client];
    toSocket(otherUser, otherClient, await pushOf(call, { event: body.event, sdp: body.sdp, candidate: body.candidate }));
    return { id: call.id, state: 'active', code: CallCode.ACCEPTED };
  }

  /**
   * A party's device reconnected (a new socket, so a new client id) during the call: its side moves
   * to the new socket, and the grace timer of the old one finds nothing to end.
   */
  async function resume(me: number, body: SendToMsgBody, clientId: string | undefined): Promise<SendToMsgData> {
    const { call, role } = await callOf(me, body);
    if (call.state === 'ended') throw fail('calls.ended');
    const mine = role === 'caller' ? call.caller_client : call.callee_client;
    if (!clientId || !mine || !body.from_client || body.from_client !== mine) throw fail('calls.notConnected');
    if (!(await callsStore.moveClient(db, call.id, role, mine, clientId))) throw fail('calls.ended');
    return { id: call.id, state: call.state as 'ringing' | 'active', code: call.state === 'active' ? CallCode.ACCEPTED : CallCode.CALLING };
  }

  async function step(me: number, body: SendToMsgBody, clientId: string | undefined): Promise<SendToMsgData> {
    if (body.event === 'resume') return resume(me, body, clientId);
    if (body.event !== 'call') return signal(me, body, clientId);
    const code = body.code as CallCodeValue;
    if (code === CallCode.CALLING) return start(me, body, clientId);
    const { call, role } = await callOf(me, body);
    if (call.state === 'ended') throw fail('calls.ended');
    if (code === CallCode.ACCEPTED && role === 'callee' && call.state === 'ringing') return accept(me, call, clientId);
    if (code === CallCode.ACCEPTED && role === 'callee' && call.state === 'active') throw fail('calls.otherDevice');
    const ending = endingFor(role, call.state, code);
    if (!ending) throw fail('calls.badStep', { code });
    // once connected, only the two call sockets end the call (a party's other devices are not on it)
    if (call.state === 'active' && clientId !== (role === 'caller' ? call.caller_client : call.callee_client)) throw fail('calls.otherDevice');
    const done = await end(call, ending.outcome, ending.from);
    if (!done) throw fail('calls.ended');
    return done;
  }

  /** A socket that placed or answered a call went away: the call ends unless it is over within the grace period. */
  async function socketDropped(clientId: string): Promise<void> {
    const calls = await callsStore.liveByClient(db, clientId);
    if (calls.length === 0) return;
    later(ctx.config.callGraceMs, async () => {
      for (const { id } of calls) {
        const call = await callsStore.byId(db, id);
        if (!call || call.state === 'ended') continue;
        // the party came back on a new socket (resume): nothing to end
        if (call.caller_client !== clientId && call.callee_client !== clientId) continue;
        if (call.state === 'ringing') await end(call, 'cancelled', ['ringing']);
        else if (call.state === 'active') await end(call, 'completed', ['active']);
      }
    });
  }

  /**
   * At start on a single node (no Redis): no socket outlived the restart, so every call still on in
   * the database ended with it. With several nodes the others may hold live calls; their grace and
   * ring timers end them, and a stale ringing line is reaped when it is next needed.
   */
  async function recover(): Promise<number> {
    if (ctx.config.redisUrl) return 0;
    let ended = 0;
    for (const call of await callsStore.live(db)) {
      const done = call.state === 'active' ? await end(call, 'completed', ['active']) : await end(call, 'missed', ['ringing']);
      if (done) ended++;
    }
    return ended;
  }

  function config() {
    return system.sysInfo().then((info) => ({
      iceServers: ctx.config.iceServers,
      ringSeconds: Math.round(ctx.config.callRingMs / 1000),
      enabled: !info.disableCalls,
    }));
  }

  function stop(): void {
    for (const t of timers) clearTimeout(t);
    timers.clear();
  }

  return { step, socketDropped, recover, config, stop };
}

export type CallService = ReturnType<typeof callService>;
