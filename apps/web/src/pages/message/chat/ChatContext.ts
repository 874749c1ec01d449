import { createContext, useContext } from 'react';
import type { ChatItem } from '../../../stores/messageList.ts';

/** What the rows of one open chat share. */
export interface ChatScope {
  contactId: string;
  isGroup: boolean;
  myUserId: number;
  /** I am the group's owner or an admin (may recall anyone's message). */
  isStaff: boolean;
  /** Multi-select mode: client ids (or msg ids) of the ticked messages. */
  selecting: boolean;
  selected: ReadonlySet<string>;
  toggleSelected(m: ChatItem): void;
  openMenu(m: ChatItem, at: { x: number; y: number }): void;
  /** Scrolls to a loaded message and flashes it (a reply's quote); false when it is not loaded. */
  jumpTo(msgId: number): boolean;
}

export const ChatContext = createContext<ChatScope | null>(null);

export function useChatScope(): ChatScope {
  const scope = useContext(ChatContext);
  if (!scope) throw new Error('useChatScope outside a chat');
  return scope;
}

/** The selection key of a message. */
export const selectionKey = (m: ChatItem): string => (m.msg_id ? String(m.msg_id) : m.id);
