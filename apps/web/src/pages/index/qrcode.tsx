import { toGroupId } from '@parley/protocol';
import { useQuery } from '@tanstack/react-query';
import { Button } from 'antd-mobile';
import QRCode from 'qrcode';
import { useEffect, useRef } from 'react';
import { fetchGroupQrcode, type GroupQrcode } from '../../api/groups.ts';
import { showToast } from '../../components/feedback.tsx';
import { EmptyState } from '../../components/EmptyState.tsx';
import { MissingTarget } from '../../components/MissingTarget.tsx';
import { PageFrame } from '../../components/PageFrame.tsx';
import { PageLoading } from '../../components/PageLoading.tsx';
import { t as translate, useTranslation } from '../../i18n/index.ts';
import type { PageProps } from '../../router/pageProps.ts';

import { GroupAvatar } from '../message/group/GroupAvatar.tsx';
import styles from '../message/group/group.module.css';
import { groupQrValidity } from './qrValidity.ts';
import { groupErrorText } from '../message/group/groupCall.ts';

/** Drawn size of the QR code in CSS pixels; the canvas holds twice as many for sharp screens and saved images. */
const QR_SIZE = 260;

/** Saves the QR as a PNG with the group name above and the validity below (spec §8: says when it fails). */
function saveImage(canvas: HTMLCanvasElement | null, code: GroupQrcode): void {
  try {
    if (!canvas) throw new Error('no canvas');
    const pad = 48;
    const out = document.createElement('canvas');
    out.width = canvas.width + pad * 2;
    out.height = canvas.height + pad * 2 + 160;
    const ctx = out.getContext('2d');
    if (!ctx) throw new Error('no 2d context');
    ctx.fillStyle = '#fff';
    ctx.fillRect(0, 0, out.width, out.height);
    ctx.fillStyle = '#191919';
    ctx.textAlign = 'center';
    ctx.font = '500 40px sans-serif';
    ctx.fillText(code.name, out.width / 2, pad + 40, out.width - pad * 2);
    ctx.drawImage(canvas, pad, pad + 80);
    ctx.fillStyle = '#7f7f7f';
    ctx.font = '28px sans-serif';
    ctx.fillText(
      groupQrValidity(code.expires_at, translate).until,
      out.width / 2,
      out.height - pad,
      out.width - pad * 2,
    );
    const link = document.createElement('a');
    link.href = out.toDataURL('image/png');
    link.download = `group-${code.group_id}-qrcode.png`;
    document.body.appendChild(link);
    link.click();
    link.remove();
    showToast(translate('groups.qr.savedImage'), 'success');
  } catch {
    showToast(translate('groups.qr.saveFailed'));
  }
}

/** `#/pages/index/qrcode?group_id=<n>`: the group's QR code, valid 7 days, with its expiry and 'save image'. */
export default function GroupQrcodePage({ query, titleKey }: PageProps) {
  const { t } = useTranslation();
  const groupId = toGroupId(query.group_id);
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const code = useQuery({
    queryKey: ['groupQrcode', groupId],
    queryFn: () => fetchGroupQrcode(groupId as number),
    enabled: groupId !== null,
    staleTime: 60_000,
  });
  const data = code.data;

  useEffect(() => {
    if (!data || !canvasRef.current) return;
    const canvas = canvasRef.current;
    void QRCode.toCanvas(canvas, data.text, { width: QR_SIZE * 2, margin: 1, errorCorrectionLevel: 'M' }).then(() => {
      // the library sizes the element to its pixels; the page's CSS sizes it
      canvas.style.removeProperty('width');
      canvas.style.removeProperty('height');
    });
  }, [data]);

  const validity = data ? groupQrValidity(data.expires_at, t) : null;
  let body: React.ReactNode;
  if (!groupId) body = <MissingTarget text={t('groups.err.notFound')} />;
  else if (code.isError) {
    body = (
      <EmptyState text={groupErrorText(code.error) || t('groups.qr.loadFailed')}>
        <Button size="small" onClick={() => void code.refetch()}>
          {t('common.retry')}
        </Button>
      </EmptyState>
    );
  } else if (!data) body = <PageLoading />;
  else {
    body = (
      <>
        <div className={styles.qrCard} data-testid="group-qrcode-card">
          <div className={styles.qrTitle}>
            <GroupAvatar avatar={data.avatar} tiles={data.avatars} name={data.name} size={48} />
            <span className={styles.headerName}>{data.name}</span>
          </div>
          <canvas ref={canvasRef} className={styles.qrCanvas} data-testid="group-qrcode-canvas" data-qr-text={data.text} />
          <div className={styles.qrExpiry} data-testid="group-qrcode-expiry">
            <div>{validity?.until}</div>
            <div data-testid="group-qrcode-left">{validity?.left}</div>
            <div>{t('groups.qr.hint')}</div>
          </div>
        </div>
        <div className={styles.qrActions}>
          <Button block color="primary" onClick={() => saveImage(canvasRef.current, data)} data-testid="group-qrcode-save">
            {t('groups.qr.save')}
          </Button>
          <Button
            block
            fill="none"
            loading={code.isFetching}
            onClick={() => void code.refetch()}
            data-testid="group-qrcode-refresh"
            style={{ marginTop: 8 }}
          >
            {t('groups.qr.refresh')}
          </Button>
        </div>
      </>
    );
  }

  return (
    <PageFrame title={t(titleKey)} testId="group-qrcode-page">
      {body}
    </PageFrame>
  );
}
