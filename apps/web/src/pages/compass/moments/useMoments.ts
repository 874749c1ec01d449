import type { Moment } from '@parley/protocol';
import { type InfiniteData, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../api/client.ts';
import { MOMENTS_FEED_KEY, MOMENTS_NOTICES_KEY, momentsUnreadQuery, setMomentsUnread } from '../../../stores/moments.ts';

type FeedPage = Awaited<ReturnType<typeof fetchPage>>;

const fetchPage = (beforeId: number | undefined, signal?: AbortSignal) =>
  api.call('momentList', beforeId === undefined ? {} : { before_id: beforeId }, { silent: true, signal });

/** The feed, page by page (older pages below), with my cover and the unread notices count. */
export function useMomentFeed() {
  const feed = useInfiniteQuery({
    queryKey: MOMENTS_FEED_KEY,
    queryFn: async ({ pageParam, signal }) => {
      const page = await fetchPage(pageParam, signal);
      setMomentsUnread(page.unread);
      return page;
    },
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (last: FeedPage) => (last.hasMore ? last.items[last.items.length - 1]?.id : undefined),
  });
  const items = feed.data?.pages.flatMap((p) => p.items) ?? [];
  return { feed, items, cover: feed.data?.pages[0]?.cover ?? null };
}

export function useMomentsUnread(): number {
  return useQuery(momentsUnreadQuery).data ?? 0;
}

/** A changed post (a like, a comment) replaces its copy in the cached feed; a deleted one leaves it. */
function useFeedPatch() {
  const client = useQueryClient();
  return (id: number, next: Moment | null) =>
    client.setQueryData<InfiniteData<FeedPage>>(MOMENTS_FEED_KEY, (old) =>
      old
        ? {
            ...old,
            pages: old.pages.map((p) => ({
              ...p,
              items: next ? p.items.map((m) => (m.id === id ? next : m)) : p.items.filter((m) => m.id !== id),
            })),
          }
        : old,
    );
}

export function useMomentActions() {
  const patch = useFeedPatch();
  const client = useQueryClient();
  const like = useMutation({
    mutationFn: (m: Moment) => api.call('momentLike', { id: m.id, like: m.liked ? 0 : 1 }),
    onSuccess: (next) => patch(next.id, next),
  });
  const comment = useMutation({
    mutationFn: (input: { id: number; text: string; replyTo?: number }) =>
      api.call('momentComment', { id: input.id, text: input.text, ...(input.replyTo ? { reply_to_comment: input.replyTo } : {}) }),
    onSuccess: (next) => patch(next.id, next),
  });
  const removeComment = useMutation({
    mutationFn: (commentId: number) => api.call('momentDeleteComment', { comment_id: commentId }),
    onSuccess: (next) => patch(next.id, next),
  });
  const remove = useMutation({
    mutationFn: async (id: number) => {
      await api.call('momentDelete', { id });
      return id;
    },
    onSuccess: (id) => patch(id, null),
  });
  const refreshFeed = () => client.resetQueries({ queryKey: MOMENTS_FEED_KEY });
  return { like, comment, removeComment, remove, refreshFeed };
}

export function useMomentNotices(enabled: boolean) {
  return useQuery({
    queryKey: MOMENTS_NOTICES_KEY,
    queryFn: ({ signal }) => api.call('momentNotices', {}, { silent: true, signal }),
    enabled,
  });
}

export function markNoticesRead(): Promise<null> {
  setMomentsUnread(0);
  return api.call('momentReadNotices', {}, { silent: true });
}
