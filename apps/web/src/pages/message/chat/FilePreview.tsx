import { formatFileSize, type MessageFile } from '@parley/protocol';
import { Button, Popup } from 'antd-mobile';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from '../../../i18n/index.ts';
import { showToast } from '../../../components/feedback.tsx';
import { fileIconColor } from './bubbles/fileIcon.ts';
import styles from './ChatPanels.module.css';
import { previewKindOf, saveFile } from './fileActions.ts';

/** The file preview sheet: shown inline where the browser can, else 'cannot be previewed' and a download. */
export function FilePreview({ file, onClose }: { file: MessageFile; onClose: () => void }) {
  const { t } = useTranslation();
  const kind = previewKindOf(file.mime, file.ext);
  const [text, setText] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    if (kind === null) showToast(t('chat.file.noPreview'));
  }, [kind, t]);

  useEffect(() => {
    if (kind !== 'text') return;
    let live = true;
    fetch(file.url)
      .then((r) => (r.ok ? r.text() : Promise.reject(new Error(String(r.status)))))
      .then((body) => live && setText(body.slice(0, 200_000)))
      .catch(() => live && setFailed(true));
    return () => {
      live = false;
    };
  }, [kind, file.url]);

  const openPdf = async () => {
    try {
      const response = await fetch(file.url);
      if (!response.ok) throw new Error(String(response.status));
      const blob = new Blob([await response.arrayBuffer()], { type: 'application/pdf' });
      window.open(URL.createObjectURL(blob), '_blank', 'noopener');
    } catch {
      setFailed(true);
    }
  };

  let body: ReactNode;
  if (kind === 'image') body = <img className={styles.previewMedia} src={file.url} alt={file.name} />;
  else if (kind === 'video') body = <video className={styles.previewMedia} src={file.url} controls playsInline />;
  else if (kind === 'audio') body = <audio src={file.url} controls style={{ width: '100%' }} />;
  else if (kind === 'text' && text !== null) body = <pre className={styles.previewText}>{text}</pre>;
  else if (kind === 'pdf')
    body = (
      <Button block color="primary" fill="outline" onClick={() => void openPdf()} data-testid="file-open">
        {t('chat.file.open')}
      </Button>
    );
  else if (kind === null)
    body = (
      <p className={styles.previewNote} data-testid="file-no-preview">
        {t('chat.file.noPreview')}
      </p>
    );

  return (
    <Popup visible onMaskClick={onClose} onClose={onClose} bodyStyle={{ borderRadius: '12px 12px 0 0', maxHeight: '85vh', overflowY: 'auto' }}>
      <div className={styles.preview} data-testid="file-preview">
        <div className={styles.previewHead}>
          <span className={styles.previewIcon} style={{ background: fileIconColor(file.ext) }}>
            {file.ext.slice(0, 4)}
          </span>
          <div className={styles.previewName}>
            <div>{file.name}</div>
            <small>{formatFileSize(file.size)}</small>
          </div>
        </div>
        {failed ? <p className={styles.previewNote}>{t('chat.file.noPreview')}</p> : body}
        <div className={styles.previewActions}>
          <Button block color="primary" onClick={() => void saveFile(file.url, file.name)} data-testid="file-download">
            {t('chat.file.download')}
          </Button>
          <Button block onClick={onClose} data-testid="file-preview-close">
            {t('common.cancel')}
          </Button>
        </div>
      </div>
    </Popup>
  );
}
