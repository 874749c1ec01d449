import type { ChatItem } from '../../../stores/messageList.ts';
import type { Photo } from './PhotoViewer.tsx';

/** A message's picture as the viewer shows and saves it. */
export const photoOf = (m: ChatItem): Photo => ({ url: m.file?.url ?? '', name: m.file?.name || `image.${m.file?.ext || 'png'}` });

/** The chat's photos (not emoji, not recalled, with a file), oldest first: what the viewer swipes through. */
export function chatPhotos(items: readonly ChatItem[]): Photo[] {
  return items.filter((m) => m.type === 'image' && m.is_undo !== 1 && Boolean(m.file?.url)).map(photoOf);
}
