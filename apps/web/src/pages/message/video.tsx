import { DownlandOutline } from 'antd-mobile-icons';
import { useState } from 'react';
import { useTranslation } from '../../i18n/index.ts';
import { EmptyState } from '../../components/EmptyState.tsx';
import { MissingTarget } from '../../components/MissingTarget.tsx';
import { TopBar, TopBarButton } from '../../components/TopBar.tsx';
import type { PageProps } from '../../router/pageProps.ts';
import { saveFile } from './chat/fileActions.ts';
import styles from './video.module.css';

/** Only our own signed file links (same origin, relative) are played here. */
function playableUrl(raw: string | undefined): string {
  if (!raw) return '';
  try {
    const url = new URL(raw, window.location.origin);
    return url.origin === window.location.origin ? url.pathname + url.search : '';
  } catch {
    return '';
  }
}

/** Video playback `#/pages/message/video?url=&name=`: full screen on black, with a save button. */
export default function VideoPage({ query, titleKey }: PageProps) {
  const { t } = useTranslation();
  const url = playableUrl(query.url);
  const name = query.name || 'video.mp4';
  const [failed, setFailed] = useState(false);
  return (
    <div className={styles.page} data-testid="video-page">
      <TopBar
        title={t(titleKey)}
        right={
          url ? (
            <TopBarButton label={t('chat.save')} onClick={() => void saveFile(url, name)} testId="video-save">
              <DownlandOutline />
            </TopBarButton>
          ) : null
        }
      />
      <div className={styles.stage}>
        {url && !failed ? (
          <video className={styles.video} src={url} controls autoPlay playsInline onError={() => setFailed(true)} data-testid="video-player" />
        ) : url ? (
          <EmptyState text={t('chat.video.cannotPlay')} />
        ) : (
          <MissingTarget text={t('chat.video.cannotPlay')} />
        )}
      </div>
    </div>
  );
}
