import type { FavoriteCategory } from '@parley/protocol';
import { useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../api/client.ts';
import { FAVORITES_KEY } from '../../stores/favorites.ts';

/** My favorites of one category and keyword, page by page (older below). */
export function useFavorites(category: FavoriteCategory, keyword: string) {
  const query = useInfiniteQuery({
    queryKey: [...FAVORITES_KEY, category, keyword],
    queryFn: ({ pageParam, signal }) =>
      api.call('favoriteList', { category, keyword, ...(pageParam ? { before_id: pageParam } : {}) }, { silent: true, signal }),
    initialPageParam: 0,
    getNextPageParam: (last) => (last.hasMore ? last.items[last.items.length - 1]?.id : undefined),
  });
  return { query, items: query.data?.pages.flatMap((p) => p.items) ?? [] };
}
