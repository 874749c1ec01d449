import type { GroupMemberView } from '@parley/protocol';
import type { InfiniteData } from '@tanstack/react-query';
import type { GroupMemberPage } from '../api/groups.ts';
import { loadedQueryClient } from '../api/queryClientRef.ts';
import { patchPages } from './memberPages.ts';

/**
 * The member pages loaded in the query cache (`useGroupMembers`), patched by the pushes of the
 * groups store. Before the cache is loaded no page is, and there is nothing to patch.
 */

/** Under the groups store's key: signing out drops them with the rest of the groups. */
export const memberPagesKey = (groupId: number) => ['groups', groupId, 'memberPages'] as const;

type Pages = InfiniteData<GroupMemberPage, number>;

const isMemberPages = (key: readonly unknown[]) => key[0] === 'groups' && key[2] === 'memberPages';

/** Writes to the loaded member pages, for pushes and for answers the server already gave. */
export const memberPagesCache = {
  /** Changes (or, with null, removes) members in every loaded list of the group. */
  patch(groupId: number, update: (member: GroupMemberView) => GroupMemberView | null): void {
    loadedQueryClient()?.setQueriesData<Pages>({ queryKey: memberPagesKey(groupId) }, (data) => patchPages(data, update));
  },
  /** The group's lists are stale (members came, roles changed the order): refetched where shown. */
  changed(groupId: number): void {
    void loadedQueryClient()?.invalidateQueries({ queryKey: memberPagesKey(groupId) });
  },
  /** After a reconnect every loaded list may be stale. */
  changedAll(): void {
    void loadedQueryClient()?.invalidateQueries({ predicate: (query) => isMemberPages(query.queryKey) });
  },
};
