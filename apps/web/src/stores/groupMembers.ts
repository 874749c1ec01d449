import type { GroupMemberView } from '@parley/protocol';
import { type InfiniteData, useInfiniteQuery } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import { fetchGroupMemberPage, type GroupMemberPage } from '../api/groups.ts';
import { queryClient } from '../api/queryClient.ts';
import { membersOfPages, nextMemberOffset, patchPages } from './memberPages.ts';

/**
 * A group's members page by page (the member list, the @ picker), filtered by the server with a
 * keyword. The pushes of the groups store patch or refresh the loaded pages (`memberPagesCache`).
 */

/** Members asked for at once (the server answers at most GROUP_MEMBER_PAGE_MAX). */
export const MEMBER_PAGE_SIZE = 100;

/** A member search box asks the server once typing pauses this long. */
export const MEMBER_SEARCH_DEBOUNCE_MS = 300;

/** Under the groups store's key: signing out drops them with the rest of the groups. */
export const memberPagesKey = (groupId: number) => ['groups', groupId, 'memberPages'] as const;

type Pages = InfiniteData<GroupMemberPage, number>;

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

const isMemberPages = (key: readonly unknown[]) => key[0] === 'groups' && key[2] === 'memberPages';

/** Writes to the loaded member pages, for pushes and for answers the server already gave. */
export const memberPagesCache = {
  /** Changes (or, with null, removes) members in every loaded list of the group. */
  patch(groupId: number, update: (member: GroupMemberView) => GroupMemberView | null): void {
    queryClient.setQueriesData<Pages>({ queryKey: memberPagesKey(groupId) }, (data) => patchPages(data, update));
  },
  /** The group's lists are stale (members came, roles changed the order): refetched where shown. */
  changed(groupId: number): void {
    void queryClient.invalidateQueries({ queryKey: memberPagesKey(groupId) });
  },
  /** After a reconnect every loaded list may be stale. */
  changedAll(): void {
    void queryClient.invalidateQueries({ predicate: (query) => isMemberPages(query.queryKey) });
  },
};
