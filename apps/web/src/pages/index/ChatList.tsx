import { Button } from 'antd-mobile';
import { type ReactNode, useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from '../../i18n/index.ts';
import { useNavigate } from '../../router/hashRouter.tsx';
import { EmptyState } from '../../components/EmptyState.tsx';
import { VirtualList } from '../../components/virtual/VirtualList.tsx';
import { askConfirm } from '../../components/feedback.tsx';
import { deleteConversation, markConversationRead, pinConversation } from '../../stores/conversationCommands.ts';
import { type ConversationRow, visibleRows } from '../../stores/conversationList.ts';
import { useConversations } from '../../stores/conversations.ts';
import { loadGroupList, useGroupsStore } from '../../stores/groups.ts';
import { ChatListSkeleton } from './chatList/ChatListSkeleton.tsx';
import { ChatRow } from './chatList/ChatRow.tsx';
import styles from './chatList/chatList.module.css';
import { fetchNewestOnTap } from './chatList/fetchOnTap.ts';
import { chatPathOf } from './chatList/labels.ts';
import { type RowAction, rowActions, rowActionText } from './chatList/rowActions.ts';
import { Paths } from '../../paths.ts';

const MINUTE = 60_000;
const NO_ROWS: ConversationRow[] = [];

/** Re-renders once a minute so "today 12:30" becomes "yesterday" without a reload. */
function useMinuteClock(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), MINUTE);
    return () => clearInterval(timer);
  }, []);
  return now;
}

const ROW_PX = 72;

/**
 * The conversation list of the home page (spec §4 order, unread, mentions), kept live by
 * realtime/sync.ts. Only the rows near the view are drawn; `top` (the search box) scrolls with them.
 */
export function ChatList({ top }: { top?: ReactNode }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const contacts = useConversations((s) => s.contacts);
  const loaded = useConversations((s) => s.loaded);
  const failed = useConversations((s) => s.failed);
  const restored = useConversations((s) => s.restored);
  const rows = useMemo(() => visibleRows(contacts), [contacts]);
  const now = useMinuteClock();

  useEffect(() => {
    if (!useConversations.getState().loaded) void useConversations.getState().load();
  }, []);
  // Group rows draw their members' faces from the group list.
  const hasGroups = rows.some((r) => r.is_group === 1);
  useEffect(() => {
    if (hasGroups && useGroupsStore.getState().list === null) void loadGroupList();
  }, [hasGroups]);

  const onOpen = useCallback(
    (row: ConversationRow) => {
      fetchNewestOnTap(row);
      navigate(chatPathOf(row));
    },
    [navigate],
  );
  const onAction = useCallback(
    async (row: ConversationRow, action: RowAction) => {
      if (action === 'pin') await pinConversation(row.id, row.is_top !== 1);
      else if (action === 'read') await markConversationRead(row);
      else {
        const sure = await askConfirm({
          title: t('chats.deleteTitle'),
          content: t('chats.deleteContent'),
          confirmText: t('chats.deleteConfirm'),
          danger: true,
        });
        if (sure) await deleteConversation(row.id);
      }
    },
    [t],
  );
  const onMenu = useCallback(
    async (row: ConversationRow) => {
      const { pickAction } = await import('../message/group/pickAction.tsx');
      const picked = await pickAction(
        rowActions(row).map((action) => ({
          key: action,
          text: rowActionText(action, row),
          testId: `chat-row-menu-${action}`,
          danger: action === 'delete',
        })),
      );
      if (picked) await onAction(row, picked);
    },
    [onAction],
  );

  let body: ReactNode = null;
  if (!loaded && !restored && failed) {
    body = (
      <EmptyState text={t('chats.loadFailed')}>
        <Button size="small" color="primary" fill="outline" onClick={() => void useConversations.getState().load()}>
          {t('common.retry')}
        </Button>
      </EmptyState>
    );
  } else if (!loaded && !restored) {
    body = <ChatListSkeleton />;
  } else if (rows.length === 0) {
    body = (
      <EmptyState text={t('chats.empty')}>
        <p className={styles.emptyHint}>{t('chats.emptyHint')}</p>
        <Button size="small" color="primary" fill="outline" onClick={() => navigate(Paths.contacts)}>
          {t('chats.openContacts')}
        </Button>
      </EmptyState>
    );
  }
  return (
    <section className={styles.list} data-testid="chat-list" data-loaded={loaded ? 1 : 0} data-restored={restored ? 1 : 0}>
      <VirtualList
        items={body ? NO_ROWS : rows}
        keyOf={(row) => String(row.id)}
        rowHeight={ROW_PX}
        renderRow={(row) => <ChatRow row={row} now={now} onOpen={onOpen} onAction={onAction} onMenu={onMenu} />}
        top={top}
        bottom={body}
      />
    </section>
  );
}
