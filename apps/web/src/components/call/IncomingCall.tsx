import { CloseOutline, PhoneFill, VideoOutline } from 'antd-mobile-icons';
import { useTranslation } from '../../i18n/index.ts';
import { acceptCall, declineCall } from '../../calls/engine.ts';
import { useCalls } from '../../stores/calls.ts';
import { useRemarkedName } from '../../stores/friends.ts';
import { Avatar } from '../Avatar.tsx';
import styles from './Call.module.css';
import { CallControl } from './CallControl.tsx';

/** The incoming-call screen: over whatever page is open, while this device rings. */
export function IncomingCall() {
  const { t } = useTranslation();
  const call = useCalls((s) => (s.call?.phase === 'incoming' ? s.call : null));
  const name = useRemarkedName(call?.peer.id ?? 0, call?.peer.displayName ?? '');
  if (!call) return null;
  return (
    <div className={styles.screen} role="dialog" aria-modal="true" data-testid="call-incoming">
      <div className={styles.peer}>
        <Avatar name={name} avatar={call.peer.avatar} color={call.peer.avatar_color} size={96} />
        <span className={styles.name} data-testid="call-incoming-name">
          {name}
        </span>
        <span className={styles.status}>{t(call.media === 'video' ? 'calls.invitesVideo' : 'calls.invitesVoice')}</span>
      </div>
      <div className={styles.controls}>
        <div className={styles.pair}>
          <CallControl icon={<CloseOutline />} label={t('calls.decline')} tone="hangup" onClick={() => void declineCall()} testId="call-decline" />
          <CallControl
            icon={call.media === 'video' ? <VideoOutline /> : <PhoneFill />}
            label={t('calls.accept')}
            tone="accept"
            onClick={() => void acceptCall()}
            testId="call-accept"
          />
        </div>
      </div>
    </div>
  );
}
