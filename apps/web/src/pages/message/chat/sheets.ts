import { lazySheet } from '../../../components/lazySheet.tsx';

/**
 * The chat screen's sheets, dialogs and viewers: their code (with antd-mobile's popups, react-spring
 * and use-gesture) loads when one is first shown, or once the chat is drawn and idle
 * (`preloadChatSheets`), not with the screen's first draw.
 */
export const PhotoViewer = lazySheet(() => import('./PhotoViewerSheet.tsx').then((m) => m.PhotoViewerSheet));
export const ForwardHistory = lazySheet(() => import('./ForwardHistory.tsx').then((m) => m.ForwardHistory));
export const FilePreview = lazySheet(() => import('./FilePreview.tsx').then((m) => m.FilePreview));
export const MentionPicker = lazySheet(() => import('./MentionPicker.tsx').then((m) => m.MentionPicker));
export const RedPacketOpenDialog = lazySheet(() => import('./bubbles/RedPacketOpenDialog.tsx').then((m) => m.RedPacketOpenDialog));

export function preloadChatSheets(): void {
  for (const sheet of [PhotoViewer, ForwardHistory, FilePreview, MentionPicker, RedPacketOpenDialog]) void sheet.preload().catch(() => undefined);
}
