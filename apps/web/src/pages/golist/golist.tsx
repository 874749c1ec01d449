import { CapsuleTabs, InfiniteScroll, List } from 'antd-mobile';
import { useCallback, useRef, useState } from 'react';
import { useTranslation } from '../../i18n/index.ts';
import { useNavigate } from '../../router/hashRouter.tsx';
import type { Good } from '@parley/protocol';
import { api } from '../../api/client.ts';
import { EmptyState } from '../../components/EmptyState.tsx';
import { PageFrame } from '../../components/PageFrame.tsx';
import { SearchField } from '../../components/SearchField.tsx';
import type { PageProps } from '../../router/pageProps.ts';
import { goodPath } from '../work/paths.ts';

const PAGE_SIZE = 20;

/** The company's goods: search, category tabs, infinite scroll; a row opens the detail. */
export default function GoodsListPage(_props: PageProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [keywords, setKeywords] = useState('');
  const [applied, setApplied] = useState('');
  const [category, setCategory] = useState('');
  const [categories, setCategories] = useState<string[]>([]);
  const [items, setItems] = useState<Good[]>([]);
  const [hasMore, setHasMore] = useState(true);
  const query = useRef({ page: 0, token: 0 });

  /** A new search or category starts the list over (answers of the old one are dropped). */
  const refilter = (next: { applied?: string; category?: string }) => {
    query.current = { page: 0, token: query.current.token + 1 };
    setItems([]);
    setHasMore(true);
    if (next.applied !== undefined) setApplied(next.applied);
    if (next.category !== undefined) setCategory(next.category);
  };

  const loadMore = useCallback(async () => {
    const token = query.current.token;
    const page = query.current.page + 1;
    const data = await api.call('getGood', { keywords: applied || undefined, category: category || undefined, page, limit: PAGE_SIZE });
    if (token !== query.current.token) return;
    query.current.page = page;
    setCategories(data.categories);
    setItems((prev) => [...prev, ...data.list]);
    setHasMore(page * PAGE_SIZE < data.count);
  }, [applied, category]);

  return (
    <PageFrame title={t('work.goods')} testId="golist-page">
      <SearchField value={keywords} onChange={setKeywords} onSubmit={() => refilter({ applied: keywords.trim() })} placeholder={t('work.searchGoods')} testId="golist-search" />
      <CapsuleTabs activeKey={category} onChange={(key) => refilter({ category: key })}>
        <CapsuleTabs.Tab key="" title={t('work.allCategories')} />
        {categories.map((c) => (
          <CapsuleTabs.Tab key={c} title={c} />
        ))}
      </CapsuleTabs>
      <List>
        {items.map((g) => (
          <List.Item
            key={g.id}
            onClick={() => navigate(goodPath(g.id))}
            description={g.category}
            extra={`¥${g.price}`}
            prefix={g.pictures[0] ? <img src={g.pictures[0]} alt="" width={44} height={44} style={{ objectFit: 'cover', borderRadius: 4 }} /> : undefined}
            data-testid={`golist-item-${g.id}`}
          >
            {g.name}
          </List.Item>
        ))}
      </List>
      {!hasMore && items.length === 0 ? <EmptyState text={t('work.noGoods')} /> : null}
      <InfiniteScroll loadMore={loadMore} hasMore={hasMore}>
        {hasMore ? null : <span />}
      </InfiniteScroll>
    </PageFrame>
  );
}
