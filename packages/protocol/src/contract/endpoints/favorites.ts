import { z } from 'zod';
import { type ChatMessage, contactIdSchema } from '../../api/messages.ts';
import { wholeNumber } from '../../api/numbers.ts';
import { DB_ID_MAX, FORWARD_MAX_TARGETS } from '../../limits.ts';
import { endpoint } from '../define.ts';
import { FAVORITE_CATEGORIES, FAVORITE_DELETE_MAX, FAVORITE_KEYWORD_MAX, FAVORITE_PAGE_DEFAULT, FAVORITE_PAGE_MAX } from './favoritesRules.ts';
export * from './favoritesRules.ts';

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
