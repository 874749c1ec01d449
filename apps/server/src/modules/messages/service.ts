import {
  type CallRecord,
  type ChatMessage,
  groupContactId,
  GroupRole,
  type MessageQuote,
  QUOTE_TEXT_MAX,
  type SendMessageBody,
  SERVER_MESSAGE_TYPES,
} from '@parley/protocol';
import type { AppContext } from '../../context.ts';
import { fail } from '../../domainError.ts';
import { parseContactRef } from '../conversations/scope.ts';
import type { SystemService } from '../system/service.ts';
import { fileUrlFor } from '../uploads/files.ts';
import { messageActions } from './actions.ts';
import { commitAndPush, draftOf, type WithinMessageTxn } from './deliver.ts';
import { sendQueue } from './sendQueue.ts';
import { messageHistory } from './history.ts';
import { checkSendType, payloadOf } from './payload.ts';
import { type MessageRow, senderOf, toChatMessage } from './serialize.ts';
import { type Target, targetChecker } from './target.ts';
import { visibleMessage } from './visibility.ts';
import type { OwnSocket } from '../../realtime/ownSocket.ts';

/**
 * The messages domain: sending (here), reading (`history.ts`) and acting on sent messages
 * (`actions.ts`), each checked by who may send where (`target.ts`) and what each type carries
 * (`payload.ts`).
 */
export function messageService(ctx: AppContext, system: SystemService) {
  const checkTarget = targetChecker(ctx, system);
  const store = sendQueue(ctx);

  /** Mentions are kept for groups only: members of the group, or 0 (everyone, owner and admins only). */
  async function mentionList(target: Target, at: number[]): Promise<number[]> {
    if (target.kind !== 'group' || at.length === 0) return [];
    const wanted = [...new Set(at)];
    if (wanted.includes(0) && target.role === GroupRole.MEMBER) throw fail('messages.atEveryone');
    const members = new Set(await ctx.groups.memberIds(target.groupId));
    return wanted.filter((id) => id === 0 || members.has(id));
  }

  async function send(me: number, body: SendMessageBody, exceptClientId?: OwnSocket): Promise<ChatMessage> {
    checkSendType(body.type);
    const ref = parseContactRef(body.toContactId, body.is_group);
    // read the sender's name while the permission checks run
    const sender = ctx.senderCards.of(me);
    sender.catch(() => {});
    const target = await checkTarget(me, ref);
    const [payload, at] = await Promise.all([payloadOf(ctx, me, body), mentionList(target, body.at)]);
    const draft = draftOf(
      {
        id: body.id,
        fromUser: me,
        toContactId: target.kind === 'group' ? groupContactId(target.groupId) : target.userId,
        isGroup: target.kind === 'group',
        type: body.type,
        content: payload.content,
        at,
        extends: payload.extends,
        fileId: payload.fileId,
      },
      payload.file,
    );
    const quote = await quoteOf(me, body.extends.quote, draft.conv_key);
    if (quote) draft.extends = { ...draft.extends, quote };
    const done = await store({ draft, sender: await sender, exceptClientId });
    return done.message;
  }

  /**
   * A reply's quote (`extends.quote: {msg_id}`): a message of the same conversation that the sender
   * can see, not recalled and not a notice. Stored as facts (who, what type, the start of a text) so
   * every reader shows it without another request; anything else is refused as not found.
   */
  async function quoteOf(me: number, raw: unknown, convKey: string): Promise<MessageQuote | null> {
    if (raw === undefined || raw === null) return null;
    const ref = typeof raw === 'object' ? (raw as { msg_id?: unknown }).msg_id : raw;
    const msgId = Number(ref);
    if (!Number.isSafeInteger(msgId) || msgId <= 0) throw fail('messages.notFound');
    const { row } = await visibleMessage(ctx, me, msgId);
    const quotable = row.conv_key === convKey && Number(row.is_undo) !== 1 && !(SERVER_MESSAGE_TYPES as readonly string[]).includes(row.type);
    if (!quotable) throw fail('messages.notFound');
    const sender = senderOf(row);
    return {
      msg_id: Number(row.msg_id),
      from: { id: sender.id, name: sender.displayName },
      type: row.type,
      text: row.type === 'text' ? [...row.content].slice(0, QUOTE_TEXT_MAX).join('') : '',
    };
  }

  /**
   * A message another module composes (a red packet): the same target checks as `send`, and
   * `within` commits with it in one transaction (the payment of a red packet).
   */
  async function sendComposed(
    me: number,
    input: { id: string; toContactId: number | string; is_group: number; type: string; content: string; extends: Record<string, unknown> },
    within: WithinMessageTxn,
    exceptClientId?: OwnSocket,
  ): Promise<ChatMessage> {
    const target = await checkTarget(me, parseContactRef(String(input.toContactId), input.is_group));
    const draft = draftOf(
      {
        id: input.id,
        fromUser: me,
        toContactId: target.kind === 'group' ? groupContactId(target.groupId) : target.userId,
        isGroup: target.kind === 'group',
        type: input.type,
        content: input.content,
        extends: input.extends,
      },
      null,
    );
    const [done] = await commitAndPush(ctx, [draft], exceptClientId, undefined, within);
    return done.message;
  }

  /** Refuses what sending a private message to `userId` would refuse (stranger, private chat disabled). */
  async function checkPeer(me: number, userId: number): Promise<void> {
    await checkTarget(me, { kind: 'private', userId });
  }

  /**
   * The one `webrtc` record a finished call leaves in the private chat of its two parties, pushed
   * to every device of both. The call id is the message id, so a call can never leave two records.
   */
  async function postCallRecord(record: CallRecord & { callee: number }): Promise<ChatMessage> {
    const { callee, ...ext } = record;
    const draft = draftOf(
      { id: record.call_id, fromUser: record.caller, toContactId: callee, isGroup: false, type: 'webrtc', content: '', extends: ext },
      null,
    );
    const [done] = await commitAndPush(ctx, [draft]);
    return done.message;
  }

  /** A stored message as `me` reads it (file links signed for me). */
  const serialize = (row: MessageRow, me: number): ChatMessage => toChatMessage(row, { fileUrl: (fileId) => fileUrlFor(ctx, fileId, me) });

  return {
    send,
    sendComposed,
    ...messageHistory(ctx),
    ...messageActions(ctx, checkTarget),
    checkPeer,
    postCallRecord,
    visibleMessage: (me: number, ref: number | string) => visibleMessage(ctx, me, ref),
    serialize,
  };
}

export type MessageService = ReturnType<typeof messageService>;
