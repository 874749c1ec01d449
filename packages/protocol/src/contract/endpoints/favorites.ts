import { z } from 'zod';
import { type ChatMessage, contactIdSchema } from '../../api/messages.ts';
import { wholeNumber } from '../../api/numbers.ts';
import { DB_ID_MAX, FORWARD_MAX_TARGETS } from '../../limits.ts';
import { endpoint } from '../define.ts';

/** Favorites (`#/extend/favorites/index`): the spec §3 categories, in tab order. */
export const FAVORITE_CATEGORIES = ['all', 'text', 'image', 'video', 'voice', 'card', 'groupCard', 'file'] as const;
export type FavoriteCategory = (typeof FAVORITE_CATEGORIES)[number];
/** What a favorite holds: a category's kind, or a place or a chat history (listed under "all" only). */
export type FavoriteKind = Exclude<FavoriteCategory, 'all'> | 'location' | 'history';
export const FAVORITES_MAX = 5_000;
export const FAVORITE_PAGE_DEFAULT = 20;
export const FAVORITE_PAGE_MAX = 50;
export const FAVORITE_KEYWORD_MAX = 50;
export const FAVORITE_DELETE_MAX = 100;

/** The kind a message is kept as, or null when it cannot be kept (events, calls, red packets, recalled). */
export function favoriteKindOf(message: { type: string; is_undo?: number; extends?: Record<string, unknown> }): FavoriteKind | null {
  if (message.is_undo === 1) return null;
  switch (message.type) {
    case 'text':
      return 'text';
    case 'image':
    case 'emoji':
      return 'image';
    case 'video':
      return 'video';
    case 'voice':
      return 'voice';
    case 'file':
      return 'file';
    case 'location':
      return 'location';
    case 'forward':
      return 'history';
    case 'contact':
      return message.extends?.kind === 'group' ? 'groupCard' : 'card';
    default:
      return null;
  }
}

const id = wholeNumber(1, DB_ID_MAX);

export const favoriteSchema = z.object({
  id: z.number().int(),
  kind: z.enum(['text', 'image', 'video', 'voice', 'card', 'groupCard', 'file', 'location', 'history']),
  /** the kept message, as its reader had it (file links signed for me) */
  message: z.custom<ChatMessage>(() => true),
  created_at: z.number().int(),
});
export type Favorite = z.infer<typeof favoriteSchema>;

export const favoritesEndpoints = {
  favoriteList: endpoint({
    path: '/collect/Favorite/GetFavoriteList',
    access: 'user',
    body: z.object({
      category: z.enum(FAVORITE_CATEGORIES).default('all'),
      keyword: z.string().trim().max(FAVORITE_KEYWORD_MAX).default(''),
      /** the oldest favorite id already shown: the next page is older */
      before_id: id.optional(),
      limit: wholeNumber(1, FAVORITE_PAGE_MAX).default(FAVORITE_PAGE_DEFAULT),
    }),
    data: z.object({ items: z.array(favoriteSchema), hasMore: z.boolean() }),
    domain: 'favorites',
    summary: 'My favorites of one category (or all), newest first, found by a word of their text, file name or sender',
  }),
  favoriteAdd: endpoint({
    path: '/collect/Favorite/AddFavorite',
    access: 'user',
    role: 'someone who can see the message',
    body: z.object({ msg_id: id }),
    data: favoriteSchema,
    domain: 'favorites',
    summary: 'Keep a message I can see (its file stays readable for me after the chat is cleared)',
  }),
  favoriteDelete: endpoint({
    path: '/collect/Favorite/DeleteFavorites',
    access: 'user',
    role: 'the keeper of the favorites',
    body: z.object({ ids: z.array(id).min(1).max(FAVORITE_DELETE_MAX) }),
    data: z.object({ deleted: z.number().int() }),
    domain: 'favorites',
    summary: 'Delete some of my favorites',
  }),
  favoriteSend: endpoint({
    path: '/collect/Favorite/SendFavorite',
    access: 'user',
    role: 'the keeper of the favorite, sending where they may send',
    body: z.object({ id, user_ids: z.array(contactIdSchema).min(1).max(FORWARD_MAX_TARGETS) }),
    data: z.array(z.custom<ChatMessage>(() => true)),
    domain: 'favorites',
    summary: 'Send a favorite to chats (friends or groups), as a new message from me in each',
  }),
};
