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
