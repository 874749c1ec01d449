import { queryOptions } from '@tanstack/react-query';
import { api } from '../api/client.ts';
import { queryClient } from '../api/queryClient.ts';

/** Moments data in the query cache: the feed pages, and my unread notices (the red dot). */
export const MOMENTS_KEY = ['moments'] as const;
export const MOMENTS_FEED_KEY = [...MOMENTS_KEY, 'feed'] as const;
export const MOMENTS_NOTICES_KEY = [...MOMENTS_KEY, 'notices'] as const;
const UNREAD_KEY = [...MOMENTS_KEY, 'unread'] as const;

export const momentsUnreadQuery = queryOptions({
  queryKey: UNREAD_KEY,
  queryFn: async ({ signal }) => (await api.call('momentNotices', {}, { silent: true, signal })).unread,
});

export function setMomentsUnread(unread: number): void {
  queryClient.setQueryData(UNREAD_KEY, unread);
}
