import { SpinLoading } from 'antd-mobile';
import { PictureOutline } from 'antd-mobile-icons';
import { type ChangeEvent, useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from '../../i18n/index.ts';
import { useNavigate } from '../../router/hashRouter.tsx';
import { ApiError } from '../../api/client.ts';
import { resolveScan } from '../../api/users.ts';
import { askConfirm, showAlert } from '../../components/feedback.tsx';
import { TopBar } from '../../components/TopBar.tsx';
import { decodeQrFile, decodeQrFrom } from '../../qr/readQr.ts';
import type { PageProps } from '../../router/pageProps.ts';
import { PathTo } from '../../paths.ts';
import styles from './scan.module.css';

/** How often a camera frame is read (ms). */
const FRAME_INTERVAL_MS = 200;
/** A code that was dismissed (failure, cancelled address) is not acted on again for this long (ms). */
const REREAD_PAUSE_MS = 4000;

type CameraState = 'starting' | 'on' | 'unavailable';


/**
 * Scan (spec §2 `#/pages/index/scan`): the camera (getUserMedia + jsQR) or a picked picture; the server
 * says what the text is: a user card opens their page, a group code the join card, a web address the
 * browser after a confirmation, anything else the scan-failure notice.
 */
export default function ScanPage({ titleKey }: PageProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const videoRef = useRef<HTMLVideoElement>(null);
  const fileRef = useRef<HTMLInputElement>(null);
  /** true while a found text is being resolved (the camera loop pauses). */
  const busy = useRef(false);
  /** The last text the camera found that led nowhere: not read again for a moment. */
  const dismissed = useRef<{ text: string; at: number } | null>(null);
  const [camera, setCamera] = useState<CameraState>('starting');
  const [resolving, setResolving] = useState(false);

  const fail = useCallback(
    async (detail?: string) => {
      await showAlert({ title: t('scan.failed'), content: detail ?? t('scan.failedHint') });
    },
    [t],
  );

  const handle = useCallback(
    async (text: string) => {
      busy.current = true;
      setResolving(true);
      try {
        const result = await resolveScan(text, { silent: true });
        if (result.kind === 'user') {
          navigate(PathTo.contactDetail(result.user.user_id), { replace: true });
          return;
        }
        if (result.kind === 'group') {
          navigate(PathTo.groupJoin(result.group_id, text), { replace: true });
          return;
        }
        setResolving(false);
        const open = await askConfirm({ title: t('scan.openUrlTitle'), content: <span style={{ wordBreak: 'break-all' }}>{result.url}</span>, confirmText: t('scan.open') });
        if (open) {
          navigate(PathTo.webview(result.url), { replace: true });
          return;
        }
      } catch (error) {
        setResolving(false);
        await fail(error instanceof ApiError && error.message ? error.message : undefined);
      }
      setResolving(false);
      dismissed.current = { text, at: Date.now() };
      busy.current = false;
    },
    [fail, navigate, t],
  );

  // The camera: frames are read until a code is found; stopped when the page closes.
  useEffect(() => {
    let stream: MediaStream | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let closed = false;
    const canvas = document.createElement('canvas');

    const readFrame = () => {
      if (closed) return;
      const video = videoRef.current;
      if (!busy.current && video && video.readyState >= 2 && video.videoWidth > 0) {
        const text = decodeQrFrom(video, video.videoWidth, video.videoHeight, canvas);
        const recent = dismissed.current;
        if (text && !(recent && recent.text === text && Date.now() - recent.at < REREAD_PAUSE_MS)) void handle(text);
      }
      timer = setTimeout(readFrame, FRAME_INTERVAL_MS);
    };

    const start = async () => {
      if (!navigator.mediaDevices?.getUserMedia) {
        setCamera('unavailable');
        return;
      }
      try {
        stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: 'environment' }, audio: false });
        if (closed) return;
        const video = videoRef.current;
        if (!video) return;
        video.srcObject = stream;
        await video.play().catch(() => undefined);
        setCamera('on');
        readFrame();
      } catch {
        if (!closed) setCamera('unavailable');
      }
    };
    void start();
    return () => {
      closed = true;
      clearTimeout(timer);
      for (const track of stream?.getTracks() ?? []) track.stop();
    };
  }, [handle]);

  const pickFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file || busy.current) return;
    busy.current = true;
    setResolving(true);
    const text = await decodeQrFile(file);
    if (!text) {
      setResolving(false);
      await fail(t('scan.noCodeInPicture'));
      busy.current = false;
      return;
    }
    await handle(text);
  };

  let message: string;
  if (camera === 'unavailable') message = t('scan.cameraUnavailable');
  else if (camera === 'starting') message = t('scan.cameraStarting');
  else message = t('scan.aim');

  return (
    <div className={styles.page} data-testid="scan-page" data-camera={camera}>
      <video ref={videoRef} className={styles.video} playsInline muted hidden={camera !== 'on'} />
      <div className={styles.bar}>
        <TopBar title={t(titleKey)} />
      </div>
      <div className={styles.stage}>
        <div className={styles.frame}>{camera === 'on' ? <span className={styles.line} /> : null}</div>
        {resolving ? <SpinLoading color="white" /> : null}
        <p className={styles.message} data-testid="scan-message">
          {message}
        </p>
      </div>
      <div className={styles.footer}>
        <button type="button" className={styles.album} onClick={() => fileRef.current?.click()} data-testid="scan-pick">
          <span className={styles.albumIcon}>
            <PictureOutline />
          </span>
          {t('scan.album')}
        </button>
        <input
          ref={fileRef}
          className={styles.hiddenInput}
          type="file"
          accept="image/*"
          onChange={pickFile}
          data-testid="scan-file-input"
          tabIndex={-1}
          aria-hidden="true"
        />
      </div>
    </div>
  );
}
