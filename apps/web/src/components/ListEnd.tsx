import { InfiniteScroll } from 'antd-mobile';
import { useTranslation } from '../i18n/index.ts';

/**
 * The end of a paged list: loads the next page when it comes into view, and says "Loading…",
 * "No more" or offers a retry in the reader's language (antd-mobile's own words were missing or
 * odd in several of ours: "Non, plus maintenant.", English in Spanish).
 */
export function ListEnd({ loadMore, hasMore }: { loadMore(): Promise<void>; hasMore: boolean }) {
  const { t } = useTranslation();
  return (
    <InfiniteScroll loadMore={loadMore} hasMore={hasMore}>
      {(more, failed, retry) =>
        failed ? (
          <button type="button" onClick={() => void retry()} data-testid="list-end-retry">
            {t('common.retry')}
          </button>
        ) : (
          <span data-testid="list-end">{more ? t('common.loading') : t('common.noMore')}</span>
        )
      }
    </InfiniteScroll>
  );
}
