import { showToast } from '../../../components/feedback.tsx';
import { t } from '../../../i18n/index.ts';

type FailureKey = 'chat.imageSaveFailed' | 'chat.downloadFailed';

/** Clicks a temporary `<a download>`: the browser saves the file under `name`. */
export function downloadHref(href: string, name: string): void {
  const a = document.createElement('a');
  a.href = href;
  a.download = name;
  a.rel = 'noopener';
  document.body.appendChild(a);
  a.click();
  a.remove();
}

/** Fetches the file (the signed url works without headers) and saves it; a toast tells when it failed. */
export async function saveFile(url: string, name: string, failure: FailureKey = 'chat.downloadFailed'): Promise<boolean> {
  try {
    if (!url) throw new Error('no url');
    const response = await fetch(url);
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    const blob = await response.blob();
    const objectUrl = URL.createObjectURL(blob);
    downloadHref(objectUrl, name);
    setTimeout(() => URL.revokeObjectURL(objectUrl), 30_000);
    return true;
  } catch {
    showToast(t(failure));
    return false;
  }
}

/** What the browser can show for a file's mime. */
export type PreviewKind = 'image' | 'video' | 'audio' | 'pdf' | 'text' | null;

const TEXT_EXTS = new Set(['txt', 'md', 'csv', 'log', 'json']);

export function previewKindOf(mime: string, ext: string): PreviewKind {
  if (mime.startsWith('image/') && mime !== 'image/svg+xml') return 'image';
  if (mime.startsWith('video/')) return 'video';
  if (mime.startsWith('audio/')) return 'audio';
  if (mime === 'application/pdf' || ext === 'pdf') return 'pdf';
  if (mime.startsWith('text/plain') || TEXT_EXTS.has(ext.toLowerCase())) return 'text';
  return null;
}
