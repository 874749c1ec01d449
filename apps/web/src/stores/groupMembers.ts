import { useInfiniteQuery } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import { fetchGroupMemberPage } from '../api/groups.ts';
import { membersOfPages, nextMemberOffset } from './memberPages.ts';
import { memberPagesKey } from './memberPagesCache.ts';

/**
 * A group's members page by page (the member list, the @ picker), filtered by the server with a
 * keyword. The pushes of the groups store patch or refresh the loaded pages (`memberPagesCache`).
 */

/** Members asked for at once (the server answers at most GROUP_MEMBER_PAGE_MAX). */
export const MEMBER_PAGE_SIZE = 100;

/** A member search box asks the server once typing pauses this long. */
export const MEMBER_SEARCH_DEBOUNCE_MS = 300;

export function useGroupMembers(groupId: number, keyword: string) {
  const query = useInfiniteQuery({
    queryKey: [...memberPagesKey(groupId), keyword],
    queryFn: ({ pageParam, signal }) =>
      fetchGroupMemberPage(groupId, { offset: pageParam, limit: MEMBER_PAGE_SIZE, keyword }, { silent: true, signal }),
    initialPageParam: 0,
    getNextPageParam: (last, pages) => nextMemberOffset(last, pages),
  });
  const { data, hasNextPage, isFetchingNextPage, fetchNextPage, refetch } = query;
  const loadMore = useCallback(() => {
    if (hasNextPage && !isFetchingNextPage) void fetchNextPage({ cancelRefetch: false });
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);
  const members = useMemo(() => membersOfPages(data?.pages ?? []), [data]);
  return {
    members,
    /** how many match in all (null until the first page) */
    total: data?.pages[0]?.total ?? null,
    loading: query.isPending,
    failed: query.isError,
    hasMore: hasNextPage,
    loadMore,
    retry: () => void refetch(),
  };
}
