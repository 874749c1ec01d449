import { EmptyState } from '../../components/EmptyState.tsx';

/** The conversation list of the home page. The chats feature fills it; until then it is empty. */
export function ChatList() {
  return (
    <section data-testid="chat-list">
      <EmptyState />
    </section>
  );
}
