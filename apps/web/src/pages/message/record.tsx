import { isGroupContactId } from '@parley/protocol';
import { useInfiniteQuery } from '@tanstack/react-query';
import { Button, SearchBar, Tabs } from 'antd-mobile';
import { type ReactNode, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from '../../i18n/index.ts';
import { useNavigate } from '../../router/hashRouter.tsx';
import { getMessageList } from '../../api/messages.ts';
import { EmptyState } from '../../components/EmptyState.tsx';
import { PageFrame } from '../../components/PageFrame.tsx';
import { MissingTarget } from '../../components/MissingTarget.tsx';
import { PageLoading } from '../../components/PageLoading.tsx';
import type { PageProps } from '../../router/pageProps.ts';
import { PathTo } from '../../paths.ts';
import styles from './history/history.module.css';
import { RecordCell, RecordRow } from './history/RecordItem.tsx';
import { isGridFilter, RECORD_FILTERS, type RecordFilter, recordQuery } from './history/recordFilters.ts';

const PAGE_SIZE = 30;
const DEBOUNCE_MS = 300;

const FILTER_KEYS = {
  all: 'record.filter.all',
  image: 'record.filter.image',
  file: 'record.filter.file',
  video: 'record.filter.video',
  voice: 'record.filter.voice',
  link: 'record.filter.link',
} as const satisfies Record<RecordFilter, string>;

/** Loads the next page when the footer scrolls into view. */
function useLoadWhenVisible(load: () => void, enabled: boolean) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const node = ref.current;
    if (!node || !enabled || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting)) load();
    });
    observer.observe(node);
    return () => observer.disconnect();
  }, [load, enabled]);
  return ref;
}

/**
 * `#/pages/message/record?toContactId=<id>&is_group=<0|1>&name=<name>`: the chat's history,
 * newest first, searchable by keyword and filtered by kind; tapping a message opens the chat at it.
 */
export default function RecordPage({ query, titleKey }: PageProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const contactId = query.toContactId ?? '';
  const isGroup = query.is_group === '1' || isGroupContactId(contactId);
  const [filter, setFilter] = useState<RecordFilter>('all');
  const [text, setText] = useState('');
  const [keyword, setKeyword] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setKeyword(text.trim()), DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text]);

  const ask = useMemo(() => recordQuery(filter, keyword), [filter, keyword]);
  const history = useInfiniteQuery({
    queryKey: ['record', contactId, isGroup, filter, keyword],
    enabled: contactId !== '',
    initialPageParam: 0,
    queryFn: ({ pageParam, signal }) =>
      getMessageList(
        {
          toContactId: /^\d+$/.test(contactId) ? Number(contactId) : contactId,
          is_group: isGroup ? 1 : 0,
          limit: PAGE_SIZE,
          ...(ask.type ? { type: ask.type } : {}),
          ...(ask.keywords ? { keywords: ask.keywords } : {}),
          ...(pageParam ? { before_msg_id: pageParam } : {}),
        },
        { silent: true, signal },
      ),
    getNextPageParam: (last) => (last.items.length > 0 && last.count > last.items.length ? last.items[0].msg_id : undefined),
    staleTime: 0,
  });

  const items = useMemo(
    () => (history.data?.pages ?? []).flatMap((page) => [...page.items].reverse()).filter((m) => ask.keep?.(m) ?? true),
    [history.data, ask],
  );
  const { fetchNextPage, hasNextPage, isFetchingNextPage } = history;
  const loadMore = useMemo(() => () => void (hasNextPage && !isFetchingNextPage && fetchNextPage()), [hasNextPage, isFetchingNextPage, fetchNextPage]);
  const sentinel = useLoadWhenVisible(loadMore, Boolean(hasNextPage));

  const openAt = (msgId: number) =>
    navigate(PathTo.chat(contactId, isGroup, { name: query.name ?? '', msg_id: msgId }));

  let list: ReactNode;
  if (!contactId) list = <MissingTarget text={t('record.noChat')} />;
  else if (history.isPending) list = <PageLoading />;
  else if (history.isError && items.length === 0) {
    list = (
      <EmptyState text={t('record.loadFailed')}>
        <Button size="small" color="primary" fill="outline" onClick={() => void history.refetch()}>
          {t('common.retry')}
        </Button>
      </EmptyState>
    );
  } else if (items.length === 0 && !hasNextPage) {
    list = <EmptyState text={keyword || filter !== 'all' ? t('record.noMatch') : t('record.empty')} />;
  } else if (isGridFilter(filter)) {
    list = (
      <div className={styles.grid} data-testid="record-list">
        {items.map((m) => (
          <RecordCell key={m.msg_id} message={m} onOpen={() => openAt(m.msg_id)} />
        ))}
      </div>
    );
  } else {
    list = (
      <div data-testid="record-list">
        {items.map((m) => (
          <RecordRow key={m.msg_id} message={m} keyword={keyword} onOpen={() => openAt(m.msg_id)} />
        ))}
      </div>
    );
  }

  return (
    <PageFrame title={t(titleKey)} testId="record-page">
      <div className={styles.bar}>
        <SearchBar value={text} onChange={setText} placeholder={t('record.placeholder')} data-testid="record-search" />
      </div>
      <Tabs className={styles.tabs} activeKey={filter} onChange={(key) => setFilter(key as RecordFilter)}>
        {RECORD_FILTERS.map((f) => (
          <Tabs.Tab key={f} title={<span data-testid={`record-filter-${f}`}>{t(FILTER_KEYS[f])}</span>} />
        ))}
      </Tabs>
      {list}
      {!history.isPending && (items.length > 0 || hasNextPage) ? (
        <div className={styles.footer} ref={sentinel}>
          {hasNextPage ? (
            <button type="button" className={styles.more} onClick={loadMore} data-testid="record-load-more">
              {isFetchingNextPage ? t('common.loading') : t('record.loadMore')}
            </button>
          ) : (
            t('record.noMore')
          )}
        </div>
      ) : null}
    </PageFrame>
  );
}
