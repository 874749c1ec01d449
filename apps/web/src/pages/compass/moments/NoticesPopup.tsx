import { List, Popup } from 'antd-mobile';
import { useTranslation } from '../../../i18n/index.ts';
import { Avatar } from '../../../components/Avatar.tsx';
import { EmptyState } from '../../../components/EmptyState.tsx';
import { PageLoading } from '../../../components/PageLoading.tsx';
import { relativeTimeText } from '../../../i18n/relativeTimeText.ts';
import { appContainer } from '../../../layout.ts';
import { useMomentNotices } from './useMoments.ts';

/** Who liked or commented on my posts, newest first. */
export function NoticesPopup({ open, onClose }: { open: boolean; onClose(): void }) {
  const { t } = useTranslation();
  const notices = useMomentNotices(open);
  const items = notices.data?.items;
  return (
    <Popup visible={open} onMaskClick={onClose} onClose={onClose} position="bottom" getContainer={appContainer} bodyStyle={{ maxHeight: '70%', overflowY: 'auto' }}>
      <div data-testid="moment-notices">
        {items === undefined ? (
          notices.isError ? (
            <EmptyState text={t('moments.loadFailed')} />
          ) : (
            <PageLoading />
          )
        ) : items.length === 0 ? (
          <EmptyState text={t('moments.noNotices')} />
        ) : (
          <List header={t('moments.notices')}>
            {items.map((n) => (
              <List.Item
                key={n.id}
                prefix={<Avatar name={n.from.displayName} avatar={n.from.avatar} color={n.from.avatar_color} size={36} />}
                description={relativeTimeText(n.created_at)}
                data-testid={`moment-notice-${n.id}`}
              >
                {n.kind === 'like' ? t('moments.likedYours', { name: n.from.displayName }) : t('moments.commented', { name: n.from.displayName, text: n.text })}
              </List.Item>
            ))}
          </List>
        )}
      </div>
    </Popup>
  );
}
