import { AVATAR_MAX_BYTES, formatSizeLimit, PICTURE_MIMES } from '@parley/protocol';
import { Button, Popup, Slider, SpinLoading } from 'antd-mobile';
import { type ChangeEvent, type PointerEvent, type ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslation } from '../i18n/index.ts';
import { uploadAvatar } from '../api/users.ts';
import { appContainer } from '../layout.ts';
import { useSession } from '../stores/session.ts';
import {
  AVATAR_MAX_ZOOM,
  AVATAR_SOURCE_MAX_BYTES,
  avatarFileProblem,
  clampPan,
  cropRect,
  outputMime,
  outputSide,
} from './avatarCrop.ts';
import styles from './AvatarUploader.module.css';
import { showToast } from './feedback.tsx';

interface Picture {
  image: HTMLImageElement;
  width: number;
  height: number;
  type: string;
  url: string;
}

function loadPicture(file: File): Promise<Picture> {
  const url = URL.createObjectURL(file);
  const image = new Image();
  image.src = url;
  return image.decode().then(
    () => ({ image, width: image.naturalWidth, height: image.naturalHeight, type: file.type, url }),
    (error) => {
      URL.revokeObjectURL(url);
      throw error;
    },
  );
}

function toBlob(canvas: HTMLCanvasElement, mime: string): Promise<Blob> {
  return new Promise((resolve, reject) => canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('encode'))), mime, 0.9));
}

/** Draws the kept square of the picture into a `side`×`side` canvas. */
function drawCrop(canvas: HTMLCanvasElement, picture: Picture, zoom: number, pan: { x: number; y: number }, side: number): void {
  const { sx, sy, side: cropSide } = cropRect(picture.width, picture.height, zoom, pan);
  canvas.width = side;
  canvas.height = side;
  const context = canvas.getContext('2d');
  if (!context) return;
  context.imageSmoothingQuality = 'high';
  context.clearRect(0, 0, side, side);
  context.drawImage(picture.image, sx, sy, cropSide, cropSide, 0, 0, side, side);
}

export interface AvatarUploaderProps {
  /** What is tapped to choose a picture (e.g. the avatar row); call `choose` to open the picker. */
  children(choose: () => void): ReactNode;
  /** data-testid of the file input. */
  testId?: string;
  onUploaded?(url: string): void;
}

/**
 * Choose a picture, crop a square (centre, zoom, drag), downscale to 512 px and upload it as the avatar
 * (`/common/upload/uploadAvatar`). Pictures only, size-limited, with a clear message otherwise.
 */
export function AvatarUploader({ children, testId = 'avatar-input', onUploaded }: AvatarUploaderProps) {
  const { t } = useTranslation();
  const inputRef = useRef<HTMLInputElement>(null);
  const [picture, setPicture] = useState<Picture | null>(null);

  const close = () => {
    if (picture) URL.revokeObjectURL(picture.url);
    setPicture(null);
  };

  const pick = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    const problem = avatarFileProblem(file);
    if (problem === 'notImage') return showToast(t('profile.avatarNotImage'));
    if (problem === 'empty') return showToast(t('profile.avatarUnreadable'));
    if (problem === 'tooLarge') return showToast(t('profile.avatarTooLarge', { limit: formatSizeLimit(AVATAR_SOURCE_MAX_BYTES) }));
    try {
      setPicture(await loadPicture(file));
    } catch {
      showToast(t('profile.avatarUnreadable'));
    }
  };

  return (
    <>
      {children(() => inputRef.current?.click())}
      <input
        ref={inputRef}
        className={styles.hiddenInput}
        type="file"
        accept={PICTURE_MIMES.join(',')}
        onChange={pick}
        data-testid={testId}
        tabIndex={-1}
        aria-hidden="true"
      />
      <Popup
        visible={picture !== null}
        position="bottom"
        getContainer={appContainer}
        bodyStyle={{ height: '100%' }}
        destroyOnClose
        onClose={close}
      >
        {picture ? (
          <Cropper
            picture={picture}
            onCancel={close}
            onUploaded={(url) => {
              close();
              onUploaded?.(url);
            }}
          />
        ) : null}
      </Popup>
    </>
  );
}

function Cropper({ picture, onCancel, onUploaded }: { picture: Picture; onCancel(): void; onUploaded(url: string): void }) {
  const { t } = useTranslation();
  const round = useSession((s) => s.appSetting.circleAvatar);
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const [zoom, setZoom] = useState(1);
  const [pan, setPan] = useState({ x: 0, y: 0 });
  const [uploading, setUploading] = useState(false);
  const drag = useRef<{ x: number; y: number; pan: { x: number; y: number } } | null>(null);
  const previewCss = Math.min(320, Math.max(200, (appContainer().clientWidth || 360) - 48));

  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas) return;
    drawCrop(canvas, picture, zoom, pan, Math.round(previewCss * (window.devicePixelRatio || 1)));
  }, [picture, zoom, pan, previewCss]);

  const onPointerDown = (event: PointerEvent<HTMLCanvasElement>) => {
    event.currentTarget.setPointerCapture(event.pointerId);
    drag.current = { x: event.clientX, y: event.clientY, pan };
  };
  const onPointerMove = (event: PointerEvent<HTMLCanvasElement>) => {
    const start = drag.current;
    if (!start) return;
    const { side } = cropRect(picture.width, picture.height, zoom);
    const scale = side / previewCss;
    const next = { x: start.pan.x - (event.clientX - start.x) * scale, y: start.pan.y - (event.clientY - start.y) * scale };
    setPan(clampPan(picture.width, picture.height, zoom, next));
  };
  const onPointerUp = () => {
    drag.current = null;
  };

  const changeZoom = (value: number | [number, number]) => {
    const next = Array.isArray(value) ? value[0] : value;
    setZoom(next);
    setPan((current) => clampPan(picture.width, picture.height, next, current));
  };

  const confirm = async () => {
    setUploading(true);
    try {
      const { side } = cropRect(picture.width, picture.height, zoom, pan);
      const canvas = document.createElement('canvas');
      drawCrop(canvas, picture, zoom, pan, outputSide(side));
      const mime = outputMime(picture.type);
      const blob = await toBlob(canvas, mime);
      if (blob.size > AVATAR_MAX_BYTES) {
        showToast(t('profile.avatarTooLarge', { limit: formatSizeLimit(AVATAR_MAX_BYTES) }));
        return;
      }
      const result = await uploadAvatar(blob, mime === 'image/png' ? 'avatar.png' : 'avatar.jpg');
      showToast(t('profile.avatarSaved'), 'success');
      onUploaded(result.url);
    } catch {
      // an ApiError was already shown; an encoding failure leaves the cropper open to try again
    } finally {
      setUploading(false);
    }
  };

  return (
    <div className={styles.sheet} data-testid="avatar-cropper">
      <div className={styles.bar}>
        <button type="button" className={styles.textButton} onClick={onCancel} disabled={uploading} data-testid="avatar-crop-cancel">
          {t('common.cancel')}
        </button>
        <span className={styles.title}>{t('profile.cropTitle')}</span>
        <Button size="small" color="primary" onClick={confirm} loading={uploading} data-testid="avatar-crop-confirm">
          {t('profile.cropUse')}
        </Button>
      </div>
      <div className={styles.stage}>
        {uploading ? <SpinLoading color="white" style={{ position: 'absolute' }} /> : null}
        <canvas
          ref={canvasRef}
          className={round ? `${styles.canvas} ${styles.round}` : styles.canvas}
          style={{ width: previewCss, height: previewCss }}
          onPointerDown={onPointerDown}
          onPointerMove={onPointerMove}
          onPointerUp={onPointerUp}
          onPointerCancel={onPointerUp}
          aria-label={t('profile.cropTitle')}
        />
      </div>
      <p className={styles.hint}>{t('profile.cropHint')}</p>
      <div className={styles.controls}>
        <span>{t('profile.zoom')}</span>
        <Slider className={styles.slider} min={1} max={AVATAR_MAX_ZOOM} step={0.05} value={zoom} onChange={changeZoom} data-testid="avatar-zoom" />
      </div>
    </div>
  );
}
