import { GroupRole, SYSTEM_CONTACT_ID, sameContactId, isGroupContactId } from '@parley/protocol';
import { Button } from 'antd-mobile';
import { MoreOutline } from 'antd-mobile-icons';
import { type ReactNode, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { ApiError } from '../../api/client.ts';
import { useTranslation } from '../../i18n/index.ts';
import { useNavigate } from '../../router/hashRouter.tsx';
import { useBackCloses } from '../../router/useBackCloses.ts';
import { ConnectionBanner } from '../../components/ConnectionBanner.tsx';
import { EmptyState } from '../../components/EmptyState.tsx';
import { showToast } from '../../components/feedback.tsx';
import { MissingTarget } from '../../components/MissingTarget.tsx';
import { PageLoading } from '../../components/PageLoading.tsx';
import { TopBar, TopBarButton } from '../../components/TopBar.tsx';
import type { PageProps } from '../../router/pageProps.ts';
import { useComposer } from '../../stores/composer.ts';
import { useConversations } from '../../stores/conversations.ts';
import { useGroupEntry } from '../../stores/groups.ts';
import type { ChatItem } from '../../stores/messageList.ts';
import { type Thread, useMessages } from '../../stores/messages.ts';
import { useSession } from '../../stores/session.ts';
import styles from './chat/Chat.module.css';
import { ChatContext, type ChatScope, selectionKey } from './chat/ChatContext.ts';
import { InputBar } from './chat/InputBar.tsx';
import {
  addSticker,
  copyText,
  deleteMessages,
  forwardMessages,
  keepMessage,
  recallMessage,
  transcribeVoice,
  translateMessage,
} from './chat/messageActions.ts';
import { MessageList } from './chat/MessageList.tsx';
import { canForward } from './chat/messageRules.ts';
import { type MenuAction, MessageMenu } from './chat/MessageMenu.tsx';
import { buildRows } from './chat/rows.ts';
import { chatPhotos } from './chat/photos.ts';
import { type PhotoGallery, PhotoGalleryContext } from './chat/PhotoViewer.tsx';
import { PhotoViewer, preloadChatSheets } from './chat/sheets.ts';
import { quoteOfMessage } from './chat/quote.ts';
import { SelectionBar } from './chat/SelectionBar.tsx';
import { useChatTitle } from './chat/useChatTitle.ts';
import { useReadReceipts } from './chat/useReadReceipts.ts';
import { type ChatKind, useSendBlock } from './chat/useSendBlock.ts';
import { stopVoice } from './chat/voicePlayer.ts';
import { useGroupNoticeOnce } from './group/noticeOnce.tsx';
import { PathTo, Paths } from '../../paths.ts';
import { whenIdle } from '../../whenIdle.ts';

/** Idle or not, the sheets' code starts loading this long after the messages came. */
const SHEETS_IDLE_TIMEOUT_MS = 3000;

const EMPTY: Thread = { items: [], hasOlder: true, loading: false, loaded: false, syncedMsgId: 0 };

function kindOf(contactId: string, isGroupParam: string | undefined, myUserId: number): ChatKind {
  if (contactId === SYSTEM_CONTACT_ID) return 'system';
  if (isGroupParam === '1' || isGroupContactId(contactId)) return 'group';
  return contactId === String(myUserId) ? 'self' : 'private';
}

/** The chat screen `#/pages/message/chat?toContactId=&is_group=` (issue 3). Back goes to the chat list. */
export default function ChatPage({ query }: PageProps) {
  const contactId = query.toContactId ?? '';
  const myUserId = useSession((s) => s.userInfo?.user_id ?? 0);
  const kind = kindOf(contactId, query.is_group, myUserId);
  if (!contactId) return <NoChat />;
  // A new chat is a new screen: drafts, menus and selection start over.
  return <ChatScreen key={contactId} contactId={contactId} kind={kind} myUserId={myUserId} fallbackName={query.name ?? ''} />;
}

/** Opened without a conversation (a stale link): say so and offer the way back. */
function NoChat() {
  const { t } = useTranslation();
  return (
    <div className={styles.page} data-testid="chat-page">
      <TopBar title={t('routes.chat')} backTo={Paths.homeIndex} />
      <MissingTarget text={t('chat.noContact')} />
    </div>
  );
}

interface ChatScreenProps {
  contactId: string;
  kind: ChatKind;
  myUserId: number;
  fallbackName: string;
}

function ChatScreen({ contactId, kind, myUserId, fallbackName }: ChatScreenProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const isGroup = kind === 'group';
  const thread = useMessages((s) => s.byContact[contactId]) ?? EMPTY;
  const title = useChatTitle(contactId, kind, fallbackName);
  const block = useSendBlock(kind, contactId);
  const groupEntry = useGroupEntry(isGroup ? contactId : null);
  const groupRole = groupEntry?.group?.role;
  const isStaff = groupRole === GroupRole.OWNER || groupRole === GroupRole.ADMIN;
  const [bottomSignal, setBottomSignal] = useState(0);
  const [menu, setMenu] = useState<{ message: ChatItem; at: { x: number; y: number } } | null>(null);
  const [selecting, setSelecting] = useState(false);
  const [viewing, setViewing] = useState<string | null>(null);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  useGroupNoticeOnce(isGroup ? contactId : null);

  const [loadFailed, setLoadFailed] = useState(false);
  /** the server's refusal of the chat itself (no such contact, not a member): nothing here to retry */
  const [refused, setRefused] = useState<string | null>(null);
  const load = useCallback(() => {
    setLoadFailed(false);
    useMessages
      .getState()
      .loadLatest(contactId, isGroup)
      .catch((error: unknown) => {
        if (error instanceof ApiError && error.reason === 'refused') setRefused(error.message);
        setLoadFailed(true);
      });
  }, [contactId, isGroup]);

  useEffect(() => {
    if (!contactId) return;
    useConversations.getState().setActive(contactId);
    load();
  }, [contactId, load]);

  // the sheets' code once the messages are drawn, so that the first photo or menu opens without a wait
  useEffect(() => (thread.loaded ? whenIdle(preloadChatSheets, SHEETS_IDLE_TIMEOUT_MS) : undefined), [thread.loaded]);

  // Leaving the chat stops a voice message that is playing.
  useEffect(() => stopVoice, []);

  useReadReceipts(contactId, isGroup, thread.items, myUserId, Boolean(contactId) && thread.loaded);

  const rows = useMemo(() => buildRows(thread.items, myUserId, kind === 'private'), [thread.items, myUserId, kind]);
  const photos = useMemo(() => chatPhotos(thread.items), [thread.items]);
  const gallery = useMemo<PhotoGallery>(() => ({ open: setViewing }), []);
  const viewingIndex = viewing ? photos.findIndex((p) => p.url === viewing) : -1;
  useBackCloses(viewingIndex >= 0, () => setViewing(null));

  const toggleSelected = useCallback((m: ChatItem) => {
    setSelected((prev) => {
      const next = new Set(prev);
      const key = selectionKey(m);
      if (next.has(key)) next.delete(key);
      else next.add(key);
      return next;
    });
  }, []);

  const openMenu = useCallback((message: ChatItem, at: { x: number; y: number }) => setMenu({ message, at }), []);
  const jumpRef = useRef<(msgId: number) => boolean>(() => false);
  const jumpTo = useCallback((msgId: number) => jumpRef.current(msgId), []);

  const scope = useMemo<ChatScope>(
    () => ({ contactId, isGroup, myUserId, isStaff, selecting, selected, toggleSelected, openMenu, jumpTo }),
    [contactId, isGroup, myUserId, isStaff, selecting, selected, toggleSelected, openMenu, jumpTo],
  );

  const endSelection = () => {
    setSelecting(false);
    setSelected(new Set());
  };
  const selectedMessages = () => thread.items.filter((m) => selected.has(selectionKey(m)));

  const onMenu = (action: MenuAction, message: ChatItem) => {
    if (action === 'copy') void copyText(message.content);
    else if (action === 'translate') void translateMessage(message);
    else if (action === 'transcribe') void transcribeVoice(message);
    else if (action === 'quote') useComposer.getState().patchDraft(contactId, { quote: quoteOfMessage(message) });
    else if (action === 'forward') void forwardMessages([message], false);
    else if (action === 'favorite') void keepMessage(message);
    else if (action === 'sticker') void addSticker(message);
    else if (action === 'recall') void recallMessage(message);
    else if (action === 'delete') void deleteMessages([message]);
    else {
      setSelecting(true);
      setSelected(new Set([selectionKey(message)]));
    }
  };

  const loadOlder = useCallback(() => void useMessages.getState().loadOlder(contactId, isGroup).catch(() => undefined), [contactId, isGroup]);

  const heading = title.memberCount ? t('common.withCount', { text: title.name, count: title.memberCount }) : title.name;
  const detailPath = PathTo.chatDetail(contactId, isGroup);
  const right = selecting ? (
    <button type="button" className={styles.textButton} onClick={endSelection} data-testid="chat-select-cancel">
      {t('common.cancel')}
    </button>
  ) : kind === 'system' || refused !== null ? null : (
    <TopBarButton label={t('chat.details')} onClick={() => navigate(detailPath)} testId="chat-detail">
      <MoreOutline />
    </TopBarButton>
  );

  let bottom: ReactNode;
  if (selecting) {
    bottom = (
      <SelectionBar
        count={selected.size}
        onForward={(merge) => {
          const chosen = selectedMessages();
          // call records and red packets only: say so, and keep the selection (it closed silently)
          if (!chosen.some(canForward)) {
            showToast(t('chat.forward.nothing'));
            return;
          }
          endSelection();
          void forwardMessages(chosen, merge);
        }}
        onDelete={() => void deleteMessages(selectedMessages()).then((done) => done && endSelection())}
      />
    );
  } else if (block) {
    bottom = (
      <div className={styles.mutedBar} data-testid="chat-muted-bar" data-gone={block.gone ? '1' : '0'}>
        {block.text}
      </div>
    );
  } else {
    bottom = (
      <InputBar contactId={contactId} isGroup={isGroup} myUserId={myUserId} canMentionAll={isStaff} onSent={() => setBottomSignal((n) => n + 1)} />
    );
  }

  return (
    <div className={styles.page} data-testid="chat-page" data-contact-id={contactId}>
      <TopBar title={heading} backTo={Paths.homeIndex} right={right} />
      <ConnectionBanner />
      <ChatContext.Provider value={scope}>
        <PhotoGalleryContext.Provider value={gallery}>
        {!thread.loaded && thread.items.length === 0 ? (
          <div className={styles.loading}>
            {refused !== null ? (
              <MissingTarget text={refused} />
            ) : loadFailed ? (
              <EmptyState text={t('chat.loadFailed')}>
                <Button size="small" onClick={load} data-testid="chat-retry">
                  {t('common.retry')}
                </Button>
              </EmptyState>
            ) : (
              <PageLoading />
            )}
          </div>
        ) : (
          <MessageList rows={rows} hasOlder={thread.hasOlder} loading={thread.loading && thread.loaded} onLoadOlder={loadOlder} bottomSignal={bottomSignal} jumpRef={jumpRef} />
        )}
        </PhotoGalleryContext.Provider>
      </ChatContext.Provider>
      {(kind === 'system' && !selecting) || refused !== null ? null : <div className={styles.bottomBar}>{bottom}</div>}
      {viewingIndex >= 0 ? <PhotoViewer photos={photos} start={viewingIndex} onClose={() => setViewing(null)} /> : null}
      {menu ? (
        <MessageMenu
          message={menu.message}
          at={menu.at}
          myUserId={myUserId}
          myRole={isGroup ? (groupRole ?? GroupRole.MEMBER) : null}
          senderRole={isGroup ? (groupEntry?.members.find((m) => sameContactId(m.user_id, menu.message.fromUser.id))?.role ?? null) : null}
          onAction={(action) => onMenu(action, menu.message)}
          onClose={() => setMenu(null)}
        />
      ) : null}
    </div>
  );
}
