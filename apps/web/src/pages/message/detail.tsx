import { toGroupId, isGroupContactId, isSystemContactId } from '@parley/protocol';
import { List, Switch, Toast } from 'antd-mobile';
import '../../components/antdRender.ts';
import { useEffect } from 'react';
import { useTranslation } from '../../i18n/index.ts';
import { useNavigate } from '../../router/hashRouter.tsx';
import { MissingTarget } from '../../components/MissingTarget.tsx';
import { relativeTimeText } from '../../i18n/relativeTimeText.ts';
import { PageFrame } from '../../components/PageFrame.tsx';
import { askConfirm, showToast } from '../../components/feedback.tsx';
import type { PageProps } from '../../router/pageProps.ts';
import { clearHistory, pinConversation, setDoNotDisturb } from '../../stores/conversationCommands.ts';
import { type ConversationRow, findContact, normalizeContact } from '../../stores/conversationList.ts';
import { useConversations } from '../../stores/conversations.ts';

import { rowName } from '../index/chatList/labels.ts';
import { RowAvatar } from '../index/chatList/RowAvatar.tsx';
import styles from './chatInfo/chatInfo.module.css';
import { PathTo } from '../../paths.ts';

/** The conversation of the page: the chat-list row, or a stand-in until the list has it. */
function useConversationRow(contactId: string, isGroup: boolean, name: string): ConversationRow {
  const row = useConversations((s) => findContact(s.contacts, contactId));
  const loaded = useConversations((s) => s.loaded);
  useEffect(() => {
    if (!loaded) void useConversations.getState().load();
  }, [loaded]);
  // A chat deleted from the list still has settings: give the list a row to hold them.
  useEffect(() => {
    if (loaded && !row && contactId) useConversations.getState().upsert({ id: contactId, displayName: name, is_group: isGroup ? 1 : 0 });
  }, [loaded, row, contactId, name, isGroup]);
  return row ?? normalizeContact({ id: contactId, displayName: name, is_group: isGroup ? 1 : 0 });
}

/**
 * `#/pages/message/detail?toContactId=<id>&is_group=<0|1>&name=<name>`: chat info — the person or
 * group, pin, do-not-disturb, search the history, clear the history.
 */
export default function ChatDetailPage({ query, titleKey }: PageProps) {
  const { t } = useTranslation();
  const contactId = query.toContactId ?? '';
  if (!contactId) {
    return (
      <PageFrame title={t(titleKey)} testId="chat-detail-page">
        <MissingTarget text={t('chat.noContact')} />
      </PageFrame>
    );
  }
  return <ChatDetail key={contactId} contactId={contactId} isGroupParam={query.is_group} nameParam={query.name ?? ''} title={t(titleKey)} />;
}

function ChatDetail({ contactId, isGroupParam, nameParam, title }: { contactId: string; isGroupParam?: string; nameParam: string; title: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const groupId = toGroupId(isGroupContactId(contactId) ? contactId : null);
  const isGroup = isGroupParam === '1' || groupId !== null;
  const row = useConversationRow(contactId, isGroup, nameParam);
  const name = rowName(row);
  const isOwner = isGroup && row.role === 1;

  const openProfile = () => {
    if (groupId) navigate(PathTo.groupInfo(groupId));
    else if (!isSystemContactId(contactId)) navigate(PathTo.contactDetail(contactId));
  };
  const recordPath = PathTo.record(contactId, isGroup, name);

  const clear = async (forAll: boolean) => {
    const sure = await askConfirm({
      title: t('detail.clear'),
      content: forAll ? t('detail.clearForAllConfirm') : t('detail.clearConfirm'),
      confirmText: t('detail.clearConfirmButton'),
      danger: true,
    });
    if (!sure) return;
    const progress = Toast.show({ icon: 'loading', content: t('detail.clearing'), duration: 0 });
    const done = await clearHistory(row, forAll);
    progress.close();
    if (done) showToast(t('detail.cleared'), 'success');
  };

  return (
    <PageFrame title={title} testId="chat-detail-page">
      <div className={styles.header}>
        <button type="button" className={styles.person} onClick={openProfile} data-testid="detail-profile">
          <RowAvatar row={row} name={name} size={52} />
          <span className={styles.personName}>{name}</span>
        </button>
      </div>

      {groupId ? (
        <List className={styles.group}>
          <List.Item onClick={openProfile} data-testid="detail-group-info">
            {t('detail.groupInfo')}
          </List.Item>
        </List>
      ) : null}

      <List className={styles.group}>
        <List.Item
          onClick={() => navigate(recordPath)}
          extra={row.lastSendTime ? <span data-testid="detail-last-time">{relativeTimeText(row.lastSendTime)}</span> : null}
          data-testid="detail-record"
        >
          {t('detail.record')}
        </List.Item>
      </List>

      <List className={styles.group}>
        <List.Item
          extra={
            <Switch checked={row.is_top === 1} onChange={async (on) => {
                await pinConversation(row.id, on);
              }} data-testid="detail-top" aria-label={t('detail.top')} />
          }
        >
          {t('detail.top')}
        </List.Item>
        <List.Item
          extra={
            <Switch
              checked={row.is_notice !== 1}
              onChange={async (quiet) => {
                await setDoNotDisturb(row.id, quiet);
              }}
              data-testid="detail-notice"
              aria-label={t('detail.notice')}
            />
          }
        >
          {t('detail.notice')}
        </List.Item>
      </List>

      <List className={styles.group}>
        <List.Item onClick={() => void clear(false)} arrowIcon={false} data-testid="detail-clear">
          <div className={styles.danger}>{t('detail.clear')}</div>
        </List.Item>
        {isOwner ? (
          <List.Item onClick={() => void clear(true)} arrowIcon={false} data-testid="detail-clear-all">
            <div className={styles.danger}>{t('detail.clearForAll')}</div>
          </List.Item>
        ) : null}
      </List>
    </PageFrame>
  );
}
