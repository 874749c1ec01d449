import { queryOptions } from '@tanstack/react-query';
import { api } from '../api/client.ts';

/** Favorites and stickers in the query cache. */
export const FAVORITES_KEY = ['favorites'] as const;
export const STICKERS_KEY = ['stickers'] as const;

export const stickersQuery = queryOptions({
  queryKey: STICKERS_KEY,
  queryFn: ({ signal }) => api.call('emojiList', {}, { silent: true, signal }),
});
