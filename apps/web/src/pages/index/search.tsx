import { useQuery } from '@tanstack/react-query';
import { CloseCircleFill, SearchOutline } from 'antd-mobile-icons';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from '../../i18n/index.ts';
import { useNavigate } from '../../router/hashRouter.tsx';
import { searchMessages } from '../../api/messages.ts';
import { Avatar } from '../../components/Avatar.tsx';
import { PageFrame } from '../../components/PageFrame.tsx';
import type { PageProps } from '../../router/pageProps.ts';
import { findContact } from '../../stores/conversationList.ts';
import { useConversations } from '../../stores/conversations.ts';
import { useFriendList } from '../../stores/friends.ts';
import { useDebounced } from '../../hooks/useDebounced.ts';
import { Highlight } from './chatList/Highlight.tsx';
import { chatPathOf, rowName } from './chatList/labels.ts';
import { RowAvatar } from './chatList/RowAvatar.tsx';
import { MessageHits } from './globalSearch/MessageHits.tsx';
import { matchGroups, matchPeople, type NameHit } from './globalSearch/match.ts';
import { ResultRow } from './globalSearch/ResultRow.tsx';
import styles from './globalSearch/search.module.css';

const DEBOUNCE_MS = 300;

function chatPath(id: number | string, isGroup: boolean, name: string, msgId?: number): string {
  const base = chatPathOf({ id, is_group: isGroup ? 1 : 0, displayName: name, is_self: 0 });
  return msgId ? `${base}&msg_id=${msgId}` : base;
}

/** `#/pages/index/search`: contacts, group chats and messages (server search, Chinese too), as you type. */
export default function SearchPage({ titleKey }: PageProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [text, setText] = useState('');
  const keyword = useDebounced(text.trim(), DEBOUNCE_MS);
  const { friends } = useFriendList();
  const rows = useConversations((s) => s.contacts);

  useEffect(() => {
    if (!useConversations.getState().loaded) void useConversations.getState().load();
  }, []);

  const people = useMemo(() => matchPeople(friends, rows, keyword, rowName), [friends, rows, keyword]);
  const groups = useMemo(() => matchGroups(rows, keyword), [rows, keyword]);
  const messages = useQuery({
    queryKey: ['searchMessages', keyword],
    queryFn: ({ signal }) => searchMessages(keyword, undefined, { silent: true, signal }),
    enabled: keyword.length > 0,
    staleTime: 10_000,
  });

  const openName = (hit: NameHit) => navigate(hit.row ? chatPathOf(hit.row) : chatPath(hit.id, hit.isGroup, hit.name));
  const nameRow = (hit: NameHit) => (
    <ResultRow
      key={String(hit.id)}
      testId={`search-result-contact-${hit.id}`}
      picture={hit.row ? <RowAvatar row={hit.row} name={hit.name} size={40} /> : <Avatar name={hit.name} avatar={hit.avatar} color={hit.avatarColor} size={40} />}
      title={<Highlight text={hit.name} keyword={keyword} />}
      subtitle={hit.detail ? <Highlight text={hit.detail} keyword={keyword} /> : undefined}
      onClick={() => openName(hit)}
    />
  );

  const hits = messages.data ?? [];
  const searching = keyword !== text.trim() || messages.isFetching;
  // offline the query waits for the network ('paused'): no answer is not "nothing found"
  const unreachable = messages.isError || (messages.fetchStatus === 'paused' && messages.data === undefined);
  const nothing = !searching && !unreachable && people.length === 0 && groups.length === 0 && hits.length === 0;

  return (
    <PageFrame title={t(titleKey)} testId="search-page">
      <div className={styles.bar}>
        <label className={styles.field}>
          <SearchOutline />
          <input
            className={styles.input}
            type="search"
            enterKeyHint="search"
            value={text}
            onChange={(e) => setText(e.target.value)}
            placeholder={t('search.placeholder')}
            aria-label={t('search.placeholder')}
            data-testid="global-search-input"
            autoFocus
          />
          {text ? (
            <button type="button" className={styles.clear} onClick={() => setText('')} aria-label={t('common.cancel')}>
              <CloseCircleFill />
            </button>
          ) : null}
        </label>
      </div>

      {!text.trim() ? <p className={styles.hint}>{t('search.hint')}</p> : null}

      {keyword && people.length > 0 ? (
        <section className={styles.section} data-testid="search-section-contacts">
          <div className={styles.sectionTitle}>{t('search.contacts')}</div>
          {people.map(nameRow)}
        </section>
      ) : null}

      {keyword && groups.length > 0 ? (
        <section className={styles.section} data-testid="search-section-groups">
          <div className={styles.sectionTitle}>{t('search.groups')}</div>
          {groups.map(nameRow)}
        </section>
      ) : null}

      {keyword && hits.length > 0 ? (
        <section className={styles.section} data-testid="search-section-messages">
          <div className={styles.sectionTitle}>{t('search.messages')}</div>
          {hits.map((hit) => {
            const row = findContact(rows, hit.contact.id);
            const name = row ? rowName(row) : hit.contact.displayName;
            return (
              <MessageHits
                key={String(hit.contact.id)}
                hit={hit}
                keyword={keyword}
                name={name}
                onOpen={(msgId) => navigate(chatPath(hit.contact.id, hit.contact.is_group === 1, name, msgId))}
              />
            );
          })}
        </section>
      ) : null}

      {text.trim() && searching && hits.length === 0 ? <p className={styles.status}>{t('search.searching')}</p> : null}
      {keyword && unreachable ? (
        <p className={styles.status} data-testid="search-failed">
          {t('search.failed')}
        </p>
      ) : null}
      {keyword && nothing ? (
        <p className={styles.hint} data-testid="search-no-result">
          {t('search.noResult', { keywords: keyword })}
        </p>
      ) : null}
    </PageFrame>
  );
}
