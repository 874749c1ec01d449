import { PullToRefresh } from 'antd-mobile';
import type { ReactNode } from 'react';
import { useTranslation } from '../i18n/index.ts';
import { PULL_REFRESH_ANIMATION_MS } from '@parley/protocol';

export interface PullRefreshProps {
  onRefresh: () => Promise<unknown>;
  children: ReactNode;
}

/**
 * Pull-down refresh with the spec §4 states: pulling, release to refresh, refreshing, done,
 * then a 300 ms shrink back to rest.
 */
export function PullRefresh({ onRefresh, children }: PullRefreshProps) {
  const { t } = useTranslation();
  return (
    <PullToRefresh
      onRefresh={async () => {
        await onRefresh();
      }}
      pullingText={t('common.pull.pulling')}
      canReleaseText={t('common.pull.release')}
      refreshingText={t('common.pull.refreshing')}
      completeText={t('common.pull.done')}
      completeDelay={PULL_REFRESH_ANIMATION_MS}
    >
      {children}
    </PullToRefresh>
  );
}
