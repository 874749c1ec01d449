import { toGroupId } from '@parley/protocol';
import { useEffect } from 'react';
import { showAlert } from '../../../components/feedback.tsx';
import { t } from '../../../i18n/index.ts';
import { markNoticeSeen, seenNoticeAt } from '../../../stores/groupNoticeSeen.ts';
import { useGroupEntry } from '../../../stores/groups.ts';
import { useSession } from '../../../stores/session.ts';
import styles from './group.module.css';

/** Shows the group notice (rich text, or an old plain text) in a dialog; the rich-text view's code (with its sanitizer) loads with the first notice shown. */
export async function showGroupNotice(notice: string): Promise<void> {
  const { RichTextView } = await import('../../../components/richText/RichTextView.tsx');
  await showAlert({
    title: t('groups.notice'),
    content: <RichTextView html={notice} className={styles.noticeText} testId="group-notice-dialog" />,
  });
}

/**
 * Shows a group's notice once to me when it is new or has changed since I last saw it (per group
 * and `notice_at`, remembered in localStorage). Call it from the group chat screen; the group may
 * be given as a number or `group-<n>`.
 */
export function useGroupNoticeOnce(ref: number | string | null | undefined): void {
  const groupId = toGroupId(ref);
  const entry = useGroupEntry(groupId);
  const userId = useSession((s) => s.userInfo?.user_id ?? 0);
  const notice = entry?.gone ? '' : (entry?.group?.notice ?? '');
  const noticeAt = entry?.group?.notice_at ?? 0;
  useEffect(() => {
    if (!groupId || !userId || !notice.trim() || !noticeAt) return;
    if (seenNoticeAt(userId, groupId) >= noticeAt) return;
    markNoticeSeen(groupId, noticeAt);
    void showGroupNotice(notice);
  }, [groupId, userId, notice, noticeAt]);
}
