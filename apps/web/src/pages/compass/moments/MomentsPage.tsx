import type { Moment, MomentComment } from '@parley/protocol';
import { Button, InfiniteScroll } from 'antd-mobile';
import { CameraOutline } from 'antd-mobile-icons';
import { useMutation } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useTranslation } from '../../../i18n/index.ts';
import { api } from '../../../api/client.ts';
import { uploadFile } from '../../../api/uploads.ts';
import { Avatar } from '../../../components/Avatar.tsx';
import { EmptyState } from '../../../components/EmptyState.tsx';
import { askConfirm } from '../../../components/feedback.tsx';
import { PageFrame } from '../../../components/PageFrame.tsx';
import { PageLoading } from '../../../components/PageLoading.tsx';
import { promptText } from '../../../components/promptText.tsx';
import { PullRefresh } from '../../../components/PullRefresh.tsx';
import { TopBarButton } from '../../../components/TopBar.tsx';
import type { RouteTitleKey } from '../../../router/pageProps.ts';
import { displayNameOf, useSession } from '../../../stores/session.ts';
import { MOMENT_COMMENT_MAX } from '@parley/protocol';
import { Composer } from './Composer.tsx';
import { MomentCard } from './MomentCard.tsx';
import styles from './moments.module.css';
import { NoticesPopup } from './NoticesPopup.tsx';
import { markNoticesRead, useMomentActions, useMomentFeed, useMomentsUnread } from './useMoments.ts';

/** The moments feed: my cover and avatar, the new-activity bar, posts newest first, pull to refresh, more below. */
export function MomentsPage({ titleKey }: { titleKey: RouteTitleKey }) {
  const { t } = useTranslation();
  const me = useSession((s) => s.userInfo);
  const { feed, items, cover } = useMomentFeed();
  const unread = useMomentsUnread();
  const actions = useMomentActions();
  const [composing, setComposing] = useState(false);
  const [noticesOpen, setNoticesOpen] = useState(false);
  const coverInput = useRef<HTMLInputElement>(null);

  const setCover = useMutation({
    mutationFn: async (file: File) => {
      const uploaded = await uploadFile(file, file.name, { kind: 'image' });
      return api.call('momentSetCover', { file_id: uploaded.file_id });
    },
    onSuccess: () => void feed.refetch(),
  });

  const comment = async (m: Moment, replyTo?: MomentComment) => {
    const text = await promptText({
      title: replyTo ? t('moments.replyTo', { name: replyTo.author.displayName }) : t('moments.comment'),
      maxLength: MOMENT_COMMENT_MAX,
      confirmText: t('moments.send'),
      testId: 'moment-comment-input',
    });
    if (text?.trim()) actions.comment.mutate({ id: m.id, text: text.trim(), replyTo: replyTo?.id });
  };
  const deleteComment = async (c: MomentComment) => {
    if (await askConfirm({ content: t('moments.deleteCommentConfirm'), confirmText: t('moments.delete'), danger: true })) {
      actions.removeComment.mutate(c.id);
    }
  };
  const deletePost = async (m: Moment) => {
    if (await askConfirm({ content: t('moments.deleteConfirm'), confirmText: t('moments.delete'), danger: true })) actions.remove.mutate(m.id);
  };
  const openNotices = () => {
    setNoticesOpen(true);
    void markNoticesRead();
  };

  let list: React.ReactNode;
  if (feed.isPending) list = <PageLoading />;
  else if (feed.isError && items.length === 0) {
    list = (
      <EmptyState text={navigator.onLine ? t('moments.loadFailed') : t('moments.offline')}>
        <Button size="small" onClick={() => void feed.refetch()} data-testid="moments-retry">
          {t('common.retry')}
        </Button>
      </EmptyState>
    );
  } else if (items.length === 0) list = <EmptyState text={t('moments.empty')} />;
  else {
    list = (
      <>
        {items.map((m) => (
          <MomentCard
            key={m.id}
            moment={m}
            me={me?.user_id ?? 0}
            onLike={() => actions.like.mutate(m)}
            onComment={(c) => void comment(m, c)}
            onDeleteComment={(c) => void deleteComment(c)}
            onDelete={() => void deletePost(m)}
          />
        ))}
        <InfiniteScroll loadMore={async () => void (await feed.fetchNextPage())} hasMore={feed.hasNextPage}>
          {feed.hasNextPage ? t('common.pull.refreshing') : t('moments.end')}
        </InfiniteScroll>
      </>
    );
  }

  const name = displayNameOf(me);
  return (
    <PageFrame
      title={t(titleKey)}
      testId="moments-page"
      right={
        <TopBarButton label={t('moments.new')} onClick={() => setComposing(true)} testId="moments-compose">
          <CameraOutline />
        </TopBarButton>
      }
    >
      <PullRefresh onRefresh={() => actions.refreshFeed()}>
        <button
          type="button"
          className={styles.cover}
          style={cover ? { backgroundImage: `url("${cover}")` } : undefined}
          onClick={() => coverInput.current?.click()}
          aria-label={t('moments.changeCover')}
          data-testid="moments-cover"
        >
          <span className={styles.coverOwner}>
            <span className={styles.coverName}>{name}</span>
            <Avatar name={name} avatar={me?.avatar} color={me?.avatar_color} size={64} />
          </span>
        </button>
        <input
          ref={coverInput}
          type="file"
          accept="image/*"
          hidden
          data-testid="moments-cover-file"
          onChange={(e) => {
            const file = e.target.files?.[0];
            if (file) setCover.mutate(file);
            e.target.value = '';
          }}
        />
        {unread > 0 ? (
          <div className={styles.noticeWrap}>
            <button type="button" className={styles.noticeBar} onClick={openNotices} data-testid="moments-notice-bar">
              {t('moments.newNotices', { n: unread })}
            </button>
          </div>
        ) : null}
        {list}
      </PullRefresh>
      <Composer
        open={composing}
        onClose={() => setComposing(false)}
        onPosted={() => {
          setComposing(false);
          void actions.refreshFeed();
        }}
      />
      <NoticesPopup open={noticesOpen} onClose={() => setNoticesOpen(false)} />
    </PageFrame>
  );
}
