import type { ChatMessage } from '@parley/protocol';
import type { ConversationRow } from '../stores/conversationList.ts';

/**
 * What the socket layer shows and where it sends the user: `App` hands these in
 * (`connectSession(ui)`), so `realtime/` imports no UI, page or router code.
 */
export interface RealtimeUi {
  toast(text: string): void;
  navigate(to: string, options?: { replace?: boolean }): void;
  /** Calls `watcher` on every change of location, the app's own navigation included (which fires no `hashchange`). */
  onLocationChange(watcher: () => void): void;
  /** The session is gone: forget it locally and show the login page. */
  endSession(): void;
  /** The words of a message notification and the chat it opens (the chat list's labels). */
  describeMessage(message: ChatMessage, row: ConversationRow | undefined): { title: string; body: string; chatPath: string | null };
}
