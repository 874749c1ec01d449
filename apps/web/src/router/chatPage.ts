import { whenIdle } from '../whenIdle.ts';
import { lazyPage } from './lazyPage.ts';

/**
 * The chat screen's page, shared by its route and the chat list: the list loads its code while idle
 * and at the touch on a row, so that the tap opens a page whose code is in (drawn without suspending).
 */
export const chatPage = lazyPage(() => import('../pages/message/chat.tsx'));

/** Starts loading the chat screen's code (once: later calls share it). */
export const preloadChatPage = (): void => void chatPage.preload().catch(() => undefined);

/** Idle or not, the code starts loading this long after the list settled. */
const IDLE_TIMEOUT_MS = 3000;

/** Loads the chat screen's code once the main thread is idle; answers a cancel for a list that leaves first. */
export const preloadChatPageWhenIdle = (): (() => void) => whenIdle(preloadChatPage, IDLE_TIMEOUT_MS);
