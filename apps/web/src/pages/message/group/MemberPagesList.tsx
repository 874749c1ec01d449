import type { GroupMemberView } from '@parley/protocol';
import { Button, DotLoading } from 'antd-mobile';
import type { ReactNode } from 'react';
import { useTranslation } from '../../../i18n/index.ts';
import { EmptyState } from '../../../components/EmptyState.tsx';
import { VirtualList } from '../../../components/virtual/VirtualList.tsx';
import { useGroupMembers } from '../../../stores/groupMembers.ts';
import styles from './group.module.css';

export interface MemberPagesListProps {
  groupId: number;
  /** the server's filter (name, or my remark); '' lists everyone */
  keyword: string;
  /** a member left out of the rows (me, in the @ picker) */
  skip?: number;
  /** scrolls with the rows above them */
  top?: ReactNode;
  rowHeight: number;
  renderMember(member: GroupMemberView): ReactNode;
  testId: string;
}

/**
 * A group's members as a virtualized list filling its parent: the next page is asked for as the
 * last rows come into view, so a group of thousands costs a screenful of rows.
 */
export function MemberPagesList({ groupId, keyword, skip, top, rowHeight, renderMember, testId }: MemberPagesListProps) {
  const { t } = useTranslation();
  const pages = useGroupMembers(groupId, keyword);
  const members = skip === undefined ? pages.members : pages.members.filter((m) => m.user_id !== skip);

  let bottom: ReactNode = null;
  if (pages.failed && members.length === 0) {
    bottom = (
      <EmptyState text={t('groups.membersLoadFailed')}>
        <Button size="small" onClick={pages.retry} data-testid={`${testId}-retry`}>
          {t('common.retry')}
        </Button>
      </EmptyState>
    );
  } else if (pages.loading || pages.hasMore) {
    bottom = (
      <div className={styles.moreRows} role="status" aria-label={t('common.loading')} data-testid={`${testId}-loading`}>
        <DotLoading />
      </div>
    );
  } else if (members.length === 0) {
    bottom = <EmptyState text={keyword ? t('groups.noMemberMatch') : undefined} />;
  }

  return (
    <VirtualList
      items={members}
      keyOf={(m) => m.user_id}
      rowHeight={rowHeight}
      renderRow={renderMember}
      top={top}
      bottom={bottom}
      onEndReached={pages.loadMore}
      testId={testId}
    />
  );
}
