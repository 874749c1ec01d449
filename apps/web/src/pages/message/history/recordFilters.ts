import type { ChatMessage } from '@parley/protocol';

/** The filter tabs of the history page. */
export const RECORD_FILTERS = ['all', 'image', 'file', 'video', 'voice', 'link'] as const;
export type RecordFilter = (typeof RECORD_FILTERS)[number];

const URL_PATTERN = /\bhttps?:\/\/[^\s]+|\bwww\.[^\s]+\.[a-z]{2,}/i;

export const hasLink = (text: string): boolean => URL_PATTERN.test(text);

export interface RecordQuery {
  type?: string;
  keywords?: string;
  /** Applied to each page the server answers (the server has no "link" type). */
  keep?: (m: ChatMessage) => boolean;
}

/**
 * What to ask getMessageList for a tab and a typed keyword. Links are text messages that contain
 * a URL: the server narrows to texts with the keyword (or 'http' when none) and the page keeps
 * only the ones with a link.
 */
export function recordQuery(filter: RecordFilter, keyword: string): RecordQuery {
  const k = keyword.trim();
  if (filter === 'link') {
    return { type: 'text', keywords: k || 'http', keep: (m) => m.is_undo !== 1 && hasLink(m.content) };
  }
  return { ...(filter === 'all' ? {} : { type: filter }), ...(k ? { keywords: k } : {}), keep: (m) => m.is_undo !== 1 };
}

/** Media tabs show a grid of thumbnails instead of rows. */
export const isGridFilter = (filter: RecordFilter): boolean => filter === 'image' || filter === 'video';
