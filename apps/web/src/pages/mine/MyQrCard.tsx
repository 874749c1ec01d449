import { useQuery } from '@tanstack/react-query';
import { Button, SpinLoading } from 'antd-mobile';
import dayjs from 'dayjs';
import { useTranslation } from '../../i18n/index.ts';
import { fetchMyQrcode } from '../../api/users.ts';
import { Avatar } from '../../components/Avatar.tsx';
import { showToast } from '../../components/feedback.tsx';
import { qrDataUrl } from '../../qr/drawQr.ts';
import { displayNameOf, useSession } from '../../stores/session.ts';

const QR_PX = 240;
const MIN_REFRESH_MS = 60_000;
/** Browsers fire a timer longer than 2^31-1 ms at once, so a 30-day expiry would refetch in a loop; re-arm daily instead. */
const MAX_REFRESH_MS = 24 * 60 * 60 * 1000;

/** How long to wait before redrawing a code that expires at `expiresAt` (always a delay a browser timer can hold). */
export function qrRefreshDelay(expiresAt: number, now: number): number {
  return Math.min(MAX_REFRESH_MS, Math.max(MIN_REFRESH_MS, expiresAt - now));
}

async function myQrImage(): Promise<{ text: string; expiresAt: number; image: string }> {
  const code = await fetchMyQrcode({ silent: true });
  return { text: code.text, expiresAt: code.expires_at, image: await qrDataUrl(code.text, QR_PX * 2) };
}

/** Saves the QR picture as a PNG file. */
function saveImage(dataUrl: string, name: string): boolean {
  try {
    const link = document.createElement('a');
    link.href = dataUrl;
    link.download = name;
    document.body.appendChild(link);
    link.click();
    link.remove();
    return true;
  } catch {
    return false;
  }
}

/** My card: avatar, name and the QR code others scan to open my page (redrawn when it expires). */
export function MyQrCard() {
  const { t } = useTranslation();
  const user = useSession((s) => s.userInfo);
  const query = useQuery({
    queryKey: ['myQrcode'],
    queryFn: myQrImage,
    staleTime: Number.POSITIVE_INFINITY,
    refetchInterval: (q) => (q.state.data ? qrRefreshDelay(q.state.data.expiresAt, Date.now()) : false),
  });
  const name = displayNameOf(user);

  const save = () => {
    if (!query.data || !saveImage(query.data.image, `parley-${user?.account ?? 'me'}-qr.png`)) showToast(t('profile.saveImageFailed'));
    else showToast(t('profile.imageSaved'), 'success');
  };

  return (
    <section style={cardStyle} data-testid="profile-qrcard">
      <div style={{ display: 'flex', alignItems: 'center', gap: 12, alignSelf: 'stretch' }}>
        <Avatar name={name} avatar={user?.avatar} color={user?.avatar_color} size={48} />
        <div style={{ minWidth: 0 }}>
          <div style={{ fontSize: 17, fontWeight: 600, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>{name}</div>
          <div style={{ color: 'var(--text-secondary)', fontSize: 13 }}>{t('contacts.accountLine', { account: user?.account ?? '' })}</div>
        </div>
      </div>
      <div style={{ width: QR_PX, height: QR_PX, display: 'flex', alignItems: 'center', justifyContent: 'center' }}>
        {query.data ? (
          <img src={query.data.image} width={QR_PX} height={QR_PX} alt={t('profile.qrAlt')} data-testid="profile-qrcode" data-qr-text={query.data.text} />
        ) : query.isError ? (
          <Button size="small" onClick={() => void query.refetch()} data-testid="profile-qrcode-retry">
            {t('common.retry')}
          </Button>
        ) : (
          <SpinLoading color="primary" />
        )}
      </div>
      <p style={{ margin: 0, color: 'var(--text-secondary)', fontSize: 13, textAlign: 'center' }}>
        {t('profile.qrHint')}
        {query.data ? (
          <>
            <br />
            {t('profile.qrValidUntil', { date: dayjs(query.data.expiresAt).format('YYYY-MM-DD') })}
          </>
        ) : null}
      </p>
      <Button size="small" fill="outline" color="primary" disabled={!query.data} onClick={save} data-testid="profile-qrcode-save">
        {t('profile.saveImage')}
      </Button>
    </section>
  );
}

const cardStyle = {
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  gap: 14,
  margin: '8px 0 0',
  padding: '20px 24px 24px',
  background: 'var(--panel-bg)',
} as const;
