import { AudioOutline, CloseCircleOutline } from 'antd-mobile-icons';
import { type PointerEvent, useEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from '../../../i18n/index.ts';
import { showToast } from '../../../components/feedback.tsx';
import styles from './ChatPanels.module.css';
import { type Recording, type RecordingProblem, VoiceRecording } from './voiceRecorder.ts';

/** Sliding the finger up this far turns the release into a cancel. */
const CANCEL_SLIDE_PX = 60;
/** A recording stops (and is sent) after a minute. */
const MAX_SECONDS = 60;

const PROBLEM_KEYS = {
  denied: 'chat.voice.denied',
  failed: 'chat.voice.failed',
  tooShort: 'chat.voice.tooShort',
  cancelled: 'chat.voice.cancelled',
} as const;

/** Hold to talk: press and hold records, slide up cancels, release sends. */
export function VoiceHoldButton({ onRecorded }: { onRecorded: (recording: Recording) => void }) {
  const { t } = useTranslation();
  const recording = useRef<VoiceRecording | null>(null);
  const origin = useRef(0);
  const [active, setActive] = useState(false);
  const [cancelIntent, setCancelIntent] = useState(false);
  const [seconds, setSeconds] = useState(0);

  const finish = (send: boolean) => {
    const current = recording.current;
    recording.current = null;
    setActive(false);
    setCancelIntent(false);
    if (!current) return;
    current.finish(send).then(onRecorded, (problem: RecordingProblem) => {
      showToast(t(PROBLEM_KEYS[problem] ?? 'chat.voice.failed'));
    });
  };

  const finishRef = useRef(finish);
  finishRef.current = finish;
  useEffect(() => {
    if (!active) return;
    const timer = setInterval(() => {
      const elapsed = recording.current?.elapsed() ?? 0;
      setSeconds(Math.floor(elapsed));
      if (elapsed >= MAX_SECONDS) finishRef.current(true);
    }, 200);
    return () => clearInterval(timer);
  }, [active]);

  useEffect(() => () => void recording.current?.finish(false).catch(() => undefined), []);

  const down = (e: PointerEvent<HTMLButtonElement>) => {
    if (recording.current) return;
    e.currentTarget.setPointerCapture?.(e.pointerId);
    origin.current = e.clientY;
    const rec = new VoiceRecording();
    recording.current = rec;
    setSeconds(0);
    setCancelIntent(false);
    setActive(true);
    rec.started().catch((problem: RecordingProblem) => {
      if (recording.current !== rec) return;
      recording.current = null;
      setActive(false);
      showToast(t(PROBLEM_KEYS[problem] ?? 'chat.voice.failed'));
    });
  };
  const move = (e: PointerEvent<HTMLButtonElement>) => {
    if (!recording.current) return;
    setCancelIntent(origin.current - e.clientY > CANCEL_SLIDE_PX);
  };

  return (
    <>
      <button
        type="button"
        className={`${styles.holdButton} ${active ? styles.holdActive : ''}`}
        data-testid="chat-voice-hold"
        onPointerDown={down}
        onPointerMove={move}
        onPointerUp={() => finish(!cancelIntent)}
        onPointerCancel={() => finish(false)}
        onContextMenu={(e) => e.preventDefault()}
      >
        {active ? t('chat.voice.release') : t('chat.voice.hold')}
      </button>
      {active
        ? createPortal(
            <div className={styles.recordOverlay} data-testid="voice-recording">
              <div className={`${styles.recordBox} ${cancelIntent ? styles.recordCancel : ''}`}>
                <div className={styles.recordIcon}>{cancelIntent ? <CloseCircleOutline /> : <AudioOutline />}</div>
                <div className={styles.recordTime}>{seconds}″</div>
                <div className={styles.recordHint}>{cancelIntent ? t('chat.voice.releaseToCancel') : t('chat.voice.slideToCancel')}</div>
              </div>
            </div>,
            document.body,
          )
        : null}
    </>
  );
}
