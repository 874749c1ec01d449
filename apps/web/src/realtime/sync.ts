import { groupContactId, sameContactId as sameId } from '@parley/protocol';
import type { ChatMessage, } from '@parley/protocol';
import { forgetMessagesThrough, markConversationRead } from '../stores/conversationCommands.ts';
import { findContact } from '../stores/conversationList.ts';
import { useConversations } from '../stores/conversations.ts';
import { isPending, newestMsgId } from '../stores/messageList.ts';
import { useMessages } from '../stores/messages.ts';
import { useSession } from '../stores/session.ts';
import { activeChatOf } from './activeChat.ts';
import type { RealtimeUi } from './ui.ts';
import { alertIncoming, askNotificationPermissionOnce } from './alerts.ts';
import { inParallel } from './inParallel.ts';
import { planReconcile } from './reconcilePlan.ts';
import { onPush, onSocketState } from './socket.ts';

/** How many conversations are fetched at the same time while catching up. */
const RECONCILE_PARALLEL = 3;
/** A row made from a message alone is completed (name, avatar) by a reload this soon after. */
const RELOAD_DELAY_MS = 300;

function isChatMessage(data: unknown): data is ChatMessage {
  const m = data as ChatMessage | undefined;
  return Boolean(m && typeof m.msg_id === 'number' && m.fromUser && m.toContactId !== undefined);
}

let reloadTimer: ReturnType<typeof setTimeout> | undefined;
function reloadSoon(): void {
  clearTimeout(reloadTimer);
  reloadTimer = setTimeout(() => void useConversations.getState().load(), RELOAD_DELAY_MS);
}

/**
 * Open chats that got messages from others while on screen: they count as read here, so the
 * server is told when the chat is left (in case the chat screen had no time to say it).
 */
const readOwed = new Set<string>();

/** A pushed message: the chat list (with alerts), then the conversation's cached messages. */
function receive(data: unknown): void {
  if (!isChatMessage(data)) return;
  const outcome = useConversations.getState().applyMessage(data);
  if (outcome.created) reloadSoon();
  if (outcome.applied) {
    alertIncoming(data, outcome.conversationId);
    const me = useSession.getState().userInfo?.user_id;
    const reading = !document.hidden && sameId(useConversations.getState().activeId, outcome.conversationId);
    if (reading && !sameId(data.fromUser.id, me)) readOwed.add(outcome.conversationId);
  }
  useMessages.getState().ingest(data);
}

/**
 * Catch-up after a (re)bind: the chat list first, then every cached conversation the list shows
 * to be behind (and the open chat), from its synced mark (not its newest cached msg_id: pushes
 * that arrive meanwhile may lie above a gap): what was sent meanwhile arrives once and in order
 * (the messages store merges by msg_id).
 */
async function catchUp(): Promise<void> {
  const conversations = useConversations.getState();
  await conversations.load();
  const { contacts, failed, activeId } = useConversations.getState();
  const messages = useMessages.getState();
  const cached = messages.cachedContactIds().map((contactId) => ({
    contactId,
    syncedMsgId: messages.byContact[contactId]?.syncedMsgId ?? 0,
  }));
  const plan = planReconcile({ cached, contacts, contactsFresh: !failed, activeId });
  await inParallel(plan, RECONCILE_PARALLEL, (target) =>
    useMessages
      .getState()
      .reconcile(target.contactId, target.isGroup)
      .catch(() => undefined),
  );
  // The open chat is being read: what arrived while offline is read now (the sender sees it).
  const open = useConversations.getState().activeId;
  const row = open ? findContact(useConversations.getState().contacts, open) : undefined;
  if (row && !document.hidden) void markConversationRead(row, { silent: true });
}

let running: Promise<void> | null = null;
let again = false;
/** Runs one catch-up at a time; a rebind during one runs another right after it. */
export function reconcileAll(): Promise<void> {
  if (running) {
    again = true;
    return running;
  }
  running = (async () => {
    do {
      again = false;
      await catchUp().catch(() => undefined);
    } while (again);
  })().finally(() => {
    running = null;
  });
  return running;
}

/** My own message answered by the server (sent from this device): it becomes the row's last message. */
function followOwnSends(): void {
  useMessages.subscribe((state, previous) => {
    if (state.byContact === previous.byContact) return;
    const me = useSession.getState().userInfo?.user_id;
    for (const [contactId, thread] of Object.entries(state.byContact)) {
      const before = previous.byContact[contactId];
      if (!before || before === thread) continue;
      const newestId = newestMsgId(thread.items);
      const newest = thread.items.find((m) => m.msg_id === newestId && !isPending(m));
      if (!newest || !sameId(newest.fromUser.id, me)) continue;
      const wasPending = before.items.some((m) => m.id === newest.id && isPending(m));
      if (wasPending) useConversations.getState().applyMessage(newest);
    }
  });
}

function followActiveChat(ui: Pick<RealtimeUi, 'onLocationChange'>): void {
  const update = () => {
    const next = activeChatOf(window.location.hash);
    for (const id of readOwed) {
      if (id === next) continue;
      readOwed.delete(id);
      const row = findContact(useConversations.getState().contacts, id);
      if (row) void markConversationRead(row, { silent: true });
    }
    useConversations.getState().setActive(next);
  };
  // the app's own navigation (a tap, the back arrow) and the browser's (back, a typed address)
  ui.onLocationChange(update);
  window.addEventListener('hashchange', update);
  update();
}

interface GroupRef {
  id?: string;
  group_id?: number;
}
const groupIdOf = (data: GroupRef): string | undefined => data.id ?? (data.group_id ? groupContactId(data.group_id) : undefined);

function followListPushes(): void {
  const list = () => useConversations.getState();
  onPush('setChatTop', (d) => d && list().setTop(d.id, d.is_top ? 1 : 0));
  onPush('setIsNotice', (d) => d && list().setNotice(d.id, d.is_notice ? 1 : 0));
  onPush('appendContact', (d) => d?.id !== undefined && list().upsert(d));
  onPush('addGroup', (d) => d?.id !== undefined && list().upsert(d));
  onPush('editGroupName', (d) => {
    const id = d && groupIdOf(d);
    if (id) list().rename(id, d.displayName ?? d.name ?? '');
  });
  onPush('removeGroup', (d) => {
    const id = d && groupIdOf(d);
    if (id) list().remove(id);
  });
  onPush('removeUser', (d) => {
    const id = d && groupIdOf(d);
    if (!id) return;
    if (sameId(d.user_id, useSession.getState().userInfo?.user_id)) list().remove(id);
    else if (d.avatars) list().patch(id, { avatars: d.avatars });
  });
  onPush('clearMessage', (d) => {
    const id = d && groupIdOf(d);
    if (!id || typeof d.cleared_msg_id !== 'number') return;
    list().applyCleared(id, d.cleared_msg_id);
    forgetMessagesThrough(id, d.cleared_msg_id);
  });
}

/**
 * The conversation side of realtime (issue 3): pushed messages go to the chat list and the message
 * cache, read marks and recalls to both, list settings from my other devices to the list; every
 * (re)bind catches up. Also the unread badge and title, and the alerts. Call once at start-up.
 */
export function startConversationSync(ui: Pick<RealtimeUi, 'onLocationChange'>): void {
  onPush('simple', receive);
  onPush('group', receive);
  onPush('isRead', (d) => {
    if (!d) return;
    // from my other device: I read that conversation there
    if (sameId(d.reader, useSession.getState().userInfo?.user_id)) useConversations.getState().markRead(d.toContactId);
    else useMessages.getState().applyRead(d);
  });
  onPush('undoMessage', (d) => {
    if (!d || typeof d.msg_id !== 'number') return;
    useMessages.getState().applyUndo(d);
    useConversations.getState().applyUndo(d);
  });
  followListPushes();
  followOwnSends();
  followActiveChat(ui);

  onSocketState((state) => {
    if (state === 'bound') void reconcileAll();
  });
  useSession.subscribe((state, previous) => {
    if (state.authToken === previous.authToken) return;
    clearTimeout(reloadTimer);
    readOwed.clear();
    useConversations.getState().reset();
    useMessages.getState().reset();
    useConversations.getState().setActive(activeChatOf(window.location.hash));
  });

  askNotificationPermissionOnce();
}
