import type { AppSetting } from '../stores/session.ts';

/** Message kinds that never alert: group events, and calls (the call screen rings for those). */
const QUIET_TYPES = new Set(['event', 'webrtc']);

export interface AlertInput {
  fromMe: boolean;
  type: string;
  /** The message is for the chat open on screen. */
  inOpenChat: boolean;
  /** is_notice 0 on the conversation. */
  doNotDisturb: boolean;
  pageHidden: boolean;
  setting: Pick<AppSetting, 'voiceStatus' | 'vibrateStatus'>;
  notificationsGranted: boolean;
}

export interface AlertPlan {
  sound: boolean;
  vibrate: boolean;
  notification: boolean;
}

const NONE: AlertPlan = { sound: false, vibrate: false, notification: false };

/**
 * Which alerts a new message gets: none for my own messages, events and calls, do-not-disturb
 * chats, or the chat I am looking at; else the sound (voiceStatus), a vibration (vibrateStatus),
 * and a browser notification while the page is hidden.
 */
export function planAlert(input: AlertInput): AlertPlan {
  if (input.fromMe || QUIET_TYPES.has(input.type) || input.doNotDisturb) return NONE;
  if (input.inOpenChat && !input.pageHidden) return NONE;
  return {
    sound: input.setting.voiceStatus,
    vibrate: input.setting.vibrateStatus,
    notification: input.pageHidden && input.notificationsGranted,
  };
}

