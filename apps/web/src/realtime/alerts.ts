import { sameContactId } from '@parley/protocol';
import type { ChatMessage } from '@parley/protocol';
import { type ConversationRow, findContact } from '../stores/conversationList.ts';
import { useConversations } from '../stores/conversations.ts';
import { readString, writeValue } from '../stores/localStore.ts';
import { useSession } from '../stores/session.ts';
import { type AlertPlan, planAlert } from './alertPlan.ts';
import type { RealtimeUi } from './ui.ts';

/** The notification sound of spec §7. */
export const NOTIFY_SOUND_URL = '/static/voice/notify.mp3';
/** localStorage: the answer to the notification permission question, asked once. */
export const NOTIFY_PERMISSION_KEY = 'notifyPermission';
/** Sound and vibration at most this often (a burst of messages rings once). */
export const ALERT_GAP_MS = 1500;
const VIBRATE_PATTERN = [200];
const notificationsSupported = (): boolean => typeof window !== 'undefined' && 'Notification' in window;

let ui: Pick<RealtimeUi, 'navigate' | 'describeMessage'> | null = null;

export function configureAlerts(next: Pick<RealtimeUi, 'navigate' | 'describeMessage'>): void {
  ui = next;
}

let lastRing = 0;
let audio: HTMLAudioElement | null = null;

function ring(plan: AlertPlan): void {
  const now = Date.now();
  if (now - lastRing < ALERT_GAP_MS) return;
  lastRing = now;
  if (plan.sound) {
    audio ??= new Audio(NOTIFY_SOUND_URL);
    audio.currentTime = 0;
    // Autoplay may be refused before the first tap; the badge still tells.
    void audio.play().catch(() => undefined);
  }
  if (plan.vibrate && typeof navigator.vibrate === 'function') navigator.vibrate(VIBRATE_PATTERN);
}

function notify(message: ChatMessage, row: ConversationRow | undefined, conversationId: string): void {
  if (!ui) return;
  const { navigate } = ui;
  const { title, body, chatPath } = ui.describeMessage(message, row);
  try {
    const notice = new Notification(title, { body, tag: conversationId, icon: row?.avatar || undefined });
    notice.onclick = () => {
      window.focus();
      if (chatPath) navigate(chatPath);
      notice.close();
    };
  } catch {
    // Some browsers only allow notifications from a service worker: the sound and badge remain.
  }
}

/** Alerts for a message just applied to the chat list (`conversationId` as the list sees it). */
export function alertIncoming(message: ChatMessage, conversationId: string): void {
  const session = useSession.getState();
  const me = session.userInfo?.user_id;
  const { contacts, activeId } = useConversations.getState();
  const row = findContact(contacts, conversationId);
  const plan = planAlert({
    fromMe: sameContactId(message.fromUser.id, me),
    type: message.type,
    inOpenChat: sameContactId(activeId, conversationId),
    doNotDisturb: row ? row.is_notice !== 1 : false,
    pageHidden: typeof document !== 'undefined' && document.hidden,
    setting: session.appSetting,
    notificationsGranted: notificationsSupported() && Notification.permission === 'granted',
  });
  if (plan.sound || plan.vibrate) ring(plan);
  if (plan.notification) notify(message, row, conversationId);
}

/**
 * Asks for the notification permission once, politely: on the first tap or key press after login
 * (never on page load), and never again once answered (the answer is kept in localStorage).
 */
export function askNotificationPermissionOnce(): void {
  if (!notificationsSupported()) return;
  const ask = () => {
    window.removeEventListener('pointerdown', ask, true);
    window.removeEventListener('keydown', ask, true);
    if (!useSession.getState().authToken || readString(NOTIFY_PERMISSION_KEY)) return;
    if (Notification.permission !== 'default') {
      writeValue(NOTIFY_PERMISSION_KEY, Notification.permission);
      return;
    }
    void Notification.requestPermission()
      .then((answer) => writeValue(NOTIFY_PERMISSION_KEY, answer))
      .catch(() => undefined);
  };
  const arm = () => {
    if (!useSession.getState().authToken || readString(NOTIFY_PERMISSION_KEY)) return;
    window.addEventListener('pointerdown', ask, true);
    window.addEventListener('keydown', ask, true);
  };
  arm();
  useSession.subscribe((state, previous) => {
    if (state.authToken && !previous.authToken) arm();
  });
}
