import { ExclamationCircleFill } from 'antd-mobile-icons';
import { useTranslation } from '../i18n/index.ts';
import { Spinner } from './Spinner.tsx';
import { useDelayedFlag } from '../hooks/useDelayedFlag.ts';
import { socket } from '../realtime/socket.ts';
import { useOnline } from '../realtime/useOnline.ts';
import { useSocketState } from '../realtime/useSocketState.ts';
import styles from './ConnectionBanner.module.css';

/** A short connect does not flash the banner. */
const CONNECTING_NOTICE_DELAY_MS = 800;

/**
 * Shows the connection trouble: "No network" while the device is offline, "connecting…" while the
 * socket (re)connects, a tap-to-retry strip after giving up.
 */
export function ConnectionBanner() {
  const { t } = useTranslation();
  const state = useSocketState();
  const online = useOnline();
  const showConnecting = useDelayedFlag(state === 'connecting', CONNECTING_NOTICE_DELAY_MS);

  if (!online) {
    return (
      <div className={`${styles.banner} ${styles.error}`} role="status" data-testid="connection-banner" data-paint-skip="" data-state="offline">
        <ExclamationCircleFill className={styles.icon} />
        <span>{t('socket.offline')}</span>
      </div>
    );
  }

  if (state === 'error') {
    return (
      <button
        type="button"
        className={`${styles.banner} ${styles.error}`}
        onClick={() => socket.retry()}
        data-testid="connection-banner" data-paint-skip=""
        data-state="error"
      >
        <ExclamationCircleFill className={styles.icon} />
        <span>{t('socket.error')}</span>
      </button>
    );
  }
  if (!showConnecting) return null;
  return (
    <div className={`${styles.banner} ${styles.connecting}`} role="status" data-testid="connection-banner" data-paint-skip="" data-state="connecting">
      <Spinner className={styles.icon} style={{ '--size': '16px' }} color="currentColor" />
      <span>{t('socket.connecting')}</span>
    </div>
  );
}
