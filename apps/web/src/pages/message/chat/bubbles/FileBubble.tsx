import { formatFileSize } from '@parley/protocol';
import { useState } from 'react';
import type { ChatItem } from '../../../../stores/messageList.ts';
import { FilePreview } from '../sheets.ts';
import styles from './Bubbles.module.css';
import { badgeExtOf, fileIconColor } from './fileIcon.ts';
import { UploadProgress } from './UploadProgress.tsx';

/** A file card: name, size (spec §9), an icon by type; tap opens the preview (or offers a download). */
export function FileBubble({ message }: { message: ChatItem }) {
  const [open, setOpen] = useState(false);
  const file = message.file;
  const name = file?.name || message.content;
  const ext = badgeExtOf(name, file?.ext ?? '');
  return (
    <>
      <button type="button" className={styles.card} onClick={() => file?.url && setOpen(true)} data-testid="bubble-file" style={{ position: 'relative' }}>
        <span className={styles.cardBody}>
          <span className={styles.cardText}>
            <span className={styles.cardTitle}>{name}</span>
            <span className={styles.cardSub} data-testid="file-size">
              {formatFileSize(file?.size ?? 0)}
            </span>
          </span>
          <span className={styles.fileIcon} style={{ background: fileIconColor(ext) }}>
            {ext}
          </span>
        </span>
        <UploadProgress message={message} />
      </button>
      {file && open ? <FilePreview file={file} onClose={() => setOpen(false)} /> : null}
    </>
  );
}
