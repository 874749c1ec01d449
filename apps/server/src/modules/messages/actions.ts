import {
  type ChatMessage,
  chatLastContent,
  convKeyUsers,
  decodeConvKey,
  FORWARD_MAX_WRITES,
  FORWARD_MESSAGE_TYPE,
  type ForwardMessageBody,
  groupContactId,
  GroupRole,
  mayForward,
  recallVerdict,
  SERVER_MESSAGE_TYPES,
  type UndoMessagePush,
} from '@parley/protocol';
import type { AppContext } from '../../context.ts';
import { fail } from '../../domainError.ts';
import { parseContactRef } from '../conversations/scope.ts';
import { fileUrlFor } from '../uploads/files.ts';
import { commitAndPush, type Draft, type DraftFile, draftOf } from './deliver.ts';
import { type MessageRow, senderOf, toChatMessage } from './serialize.ts';
import { messagesStore } from './store.ts';
import type { CheckTarget, Target } from './target.ts';
import { visibleMessage, visibleMessages } from './visibility.ts';
import type { OwnSocket } from '../../realtime/ownSocket.ts';

/** The refusal key of each reason `recallVerdict` gives. */
const RECALL_REFUSALS = {
  kind: 'messages.recallKind',
  window: 'messages.recallWindow',
  others: 'messages.recallOthers',
  admin: 'messages.recallAdmin',
} as const;

/** Acting on messages already sent: recall, delete for me, forward (one by one or merged). */
export function messageActions(ctx: AppContext, checkTarget: CheckTarget) {
  const db = ctx.db;

  async function participantsOf(row: MessageRow): Promise<number[]> {
    const key = decodeConvKey(row.conv_key);
    if (key?.kind === 'group') return ctx.groups.memberIds(key.groupId);
    return key ? convKeyUsers(key) : [];
  }

  async function recall(me: number, ref: number | string, exceptClientId?: OwnSocket): Promise<ChatMessage> {
    const { row, scope } = await visibleMessage(ctx, me, ref);
    const fileUrl = (fileId: number) => fileUrlFor(ctx, fileId, me);
    if (Number(row.is_undo) === 1 && !(SERVER_MESSAGE_TYPES as readonly string[]).includes(row.type)) return toChatMessage(row, { fileUrl });
    const inGroup = scope.kind === 'group';
    const mine = row.from_user === me;
    const verdict = recallVerdict({
      type: row.type,
      sendTime: Number(row.send_time) / 1000,
      mine,
      myRole: inGroup ? (scope.member?.role ?? GroupRole.MEMBER) : null,
      senderRole: inGroup && !mine ? ((await ctx.groups.member(scope.groupId as number, row.from_user))?.role ?? null) : null,
      now: Date.now(),
    });
    if (!verdict.ok) throw fail(RECALL_REFUSALS[verdict.reason]);
    await messagesStore.recall(db, { msgId: Number(row.msg_id), convKey: row.conv_key });
    const recalled = { ...row, is_undo: 1, content: '', extends: '{}', at: '[]', file_id: null };
    const data: UndoMessagePush = {
      msg_id: Number(row.msg_id),
      toContactId: toChatMessage(recalled, { fileUrl }).toContactId,
      is_group: Number(row.is_group) === 1 ? 1 : 0,
      fromUser: senderOf(row),
      by: me,
    };
    ctx.hub.pushUsers(await participantsOf(row), 'undoMessage', data, exceptClientId);
    return toChatMessage(recalled, { fileUrl });
  }

  async function deleteForMe(me: number, ref: number | string) {
    const { row } = await visibleMessage(ctx, me, ref);
    await messagesStore.deleteFor(db, me, Number(row.msg_id));
    return { msg_id: Number(row.msg_id) };
  }

  async function forward(me: number, body: ForwardMessageBody, exceptClientId?: OwnSocket): Promise<ChatMessage[]> {
    const ids = [...new Set([...(body.msg_id !== undefined ? [body.msg_id] : []), ...(body.msg_ids ?? [])])].sort((a, b) => a - b);
    const writes = (body.merge === 1 ? 1 : ids.length) * new Set(body.user_ids).size;
    if (writes > FORWARD_MAX_WRITES) throw fail('security.forwardTooMany', { max: FORWARD_MAX_WRITES });
    const sources = await visibleMessages(ctx, me, ids);
    if (!sources.every(mayForward)) throw fail('messages.forwardKind');
    const targets: Target[] = [];
    const seen = new Set<string>();
    for (const raw of body.user_ids) {
      const target = await checkTarget(me, parseContactRef(raw));
      const key = target.kind === 'group' ? `g${target.groupId}` : `u${target.userId}`;
      if (!seen.has(key)) targets.push(target);
      seen.add(key);
    }
    const now = Date.now();
    const drafts: Draft[] = [];
    const fileOf = (row: MessageRow): DraftFile | null =>
      row.file_id !== null && row.file_name !== null
        ? { name: row.file_name, size: Number(row.file_size ?? 0), mime: row.file_mime ?? '', ext: row.file_ext ?? '' }
        : null;
    const toOf = (t: Target) => ({
      toContactId: t.kind === 'group' ? groupContactId(t.groupId) : t.userId,
      isGroup: t.kind === 'group',
    });
    if (body.merge === 1) {
      // the senders' names are facts; each reader's app words the card ("Chat history of Alice and Bob")
      const names = [...new Set(sources.map((s) => senderOf(s).displayName))];
      const title = `${names.slice(0, 2).join('、')}${names.length > 2 ? '…' : ''}的聊天记录`;
      const attachments = sources.flatMap((s) => (s.file_id === null ? [] : [Number(s.file_id)]));
      const items = sources.map((s) => {
        const m = toChatMessage(s, { fileUrl: () => '' });
        return {
          msg_id: m.msg_id,
          type: m.type,
          content: m.content,
          label: chatLastContent(m).text,
          sendTime: m.sendTime,
          extends: m.extends,
          fromUser: { id: m.fromUser.id, displayName: m.fromUser.displayName, avatar: m.fromUser.avatar, avatar_color: m.fromUser.avatar_color },
          file: m.file ? { id: m.file.id, name: m.file.name, size: m.file.size, mime: m.file.mime, ext: m.file.ext } : null,
        };
      });
      for (const t of targets) {
        drafts.push(
          {
            ...draftOf(
              { fromUser: me, ...toOf(t), type: FORWARD_MESSAGE_TYPE, content: title, extends: { title, names, count: items.length, items } },
              null,
              now,
            ),
            attachments,
          },
        );
      }
    } else {
      for (const s of sources) {
        const ext = JSON.parse(s.extends || '{}') as Record<string, unknown>;
        for (const t of targets) {
          drafts.push(
            draftOf(
              { fromUser: me, ...toOf(t), type: s.type, content: s.content, extends: ext, fileId: s.file_id },
              fileOf(s),
              now,
            ),
          );
        }
      }
    }
    const done = await commitAndPush(ctx, drafts, exceptClientId);
    return done.map((d) => d.message);
  }

  return { recall, deleteForMe, forward };
}
