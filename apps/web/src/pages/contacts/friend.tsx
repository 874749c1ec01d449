import { type FriendRequestItem, FriendRequestStatus } from '@parley/protocol';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Button, Tabs } from 'antd-mobile';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from '../../i18n/index.ts';
import { useNavigate } from '../../router/hashRouter.tsx';
import { answerFriendRequest, listFriendRequests } from '../../api/friends.ts';
import { Avatar } from '../../components/Avatar.tsx';
import { EmptyState } from '../../components/EmptyState.tsx';
import { PageFrame } from '../../components/PageFrame.tsx';
import { PageLoading } from '../../components/PageLoading.tsx';
import { TagLabel } from '../../components/TagLabel.tsx';
import { relativeTimeText } from '../../i18n/relativeTimeText.ts';
import type { PageProps } from '../../router/pageProps.ts';
import { FRIEND_REQUESTS_KEY, friendsCache } from '../../stores/friends.ts';
import styles from './requests.module.css';
import { Paths, PathTo } from '../../paths.ts';

type Direction = 'received' | 'sent';

/** New friends (spec §2 `#/pages/contacts/friend`): requests received (agree / reject) and sent, with their states. */
export default function NewFriendsPage({ titleKey }: PageProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [direction, setDirection] = useState<Direction>('received');

  const query = useQuery({
    queryKey: [...FRIEND_REQUESTS_KEY, direction],
    queryFn: () => listFriendRequests(direction, { silent: true }),
    staleTime: 0,
  });
  const pending = query.data?.pending;
  useEffect(() => {
    if (pending !== undefined) friendsCache.setPending(pending);
  }, [pending]);

  const answerMutation = useMutation({
    mutationFn: ({ item, status }: { item: FriendRequestItem; status: 1 | 2 }) => answerFriendRequest(item.id, status),
    onSettled: () => friendsCache.reload(),
  });
  const answering = (item: FriendRequestItem) => answerMutation.isPending && answerMutation.variables?.item.id === item.id;
  const answer = (item: FriendRequestItem, status: 1 | 2) => answerMutation.mutate({ item, status });

  const stateOf = (item: FriendRequestItem) => {
    if (item.status === FriendRequestStatus.AGREED) return <span className={styles.state}>{t('friends.agreed')}</span>;
    if (item.status === FriendRequestStatus.REJECTED) return <TagLabel color="red">{t('friends.rejected')}</TagLabel>;
    if (item.direction === 'sent') return <TagLabel color="orange">{t('friends.waiting')}</TagLabel>;
    return (
      <>
        <Button size="mini" disabled={answering(item)} onClick={() => answer(item, 2)} data-testid={`request-reject-${item.id}`}>
          {t('friends.reject')}
        </Button>
        <Button
          size="mini"
          color="primary"
          loading={answering(item)}
          onClick={() => answer(item, 1)}
          data-testid={`request-agree-${item.id}`}
        >
          {t('friends.agree')}
        </Button>
      </>
    );
  };

  let body: ReactNode;
  if (query.isPending) body = <PageLoading />;
  else if (query.isError)
    body = (
      <EmptyState text={t('friends.loadFailed')}>
        <Button size="small" onClick={() => void query.refetch()}>
          {t('common.retry')}
        </Button>
      </EmptyState>
    );
  else if (query.data.list.length === 0)
    body = (
      <EmptyState text={direction === 'received' ? t('friends.noneReceived') : t('friends.noneSent')}>
        <Button size="small" color="primary" fill="outline" onClick={() => navigate(Paths.userSearch)}>
          {t('contacts.addFriend')}
        </Button>
      </EmptyState>
    );
  else
    body = (
      <div className={styles.list} data-testid={`requests-${direction}`}>
        {query.data.list.map((item) => (
          <div key={item.id} className={styles.row} data-testid={`request-${item.id}`} data-status={item.status}>
            <Avatar
              name={item.user.displayName}
              avatar={item.user.avatar}
              color={item.user.avatar_color}
              size={44}
              onClick={() => navigate(PathTo.contactDetail(item.user.user_id))}
            />
            <button type="button" className={styles.who} onClick={() => navigate(PathTo.contactDetail(item.user.user_id))}>
              <span className={styles.name}>{item.user.displayName || item.user.account}</span>
              <span className={styles.remark}>
                {item.remark || (item.direction === 'received' ? t('friends.defaultRemarkReceived') : t('friends.defaultRemarkSent'))}
              </span>
              <span className={styles.when} data-testid={`request-time-${item.id}`}>
                {relativeTimeText(item.created_at)}
              </span>
            </button>
            <div className={styles.actions}>{stateOf(item)}</div>
          </div>
        ))}
      </div>
    );

  return (
    <PageFrame title={t(titleKey)} testId="new-friends-page">
      <Tabs className={styles.tabs} activeKey={direction} onChange={(key) => setDirection(key as Direction)}>
        <Tabs.Tab key="received" title={<span data-testid="requests-tab-received">{t('friends.received')}</span>} />
        <Tabs.Tab key="sent" title={<span data-testid="requests-tab-sent">{t('friends.sent')}</span>} />
      </Tabs>
      {body}
    </PageFrame>
  );
}
