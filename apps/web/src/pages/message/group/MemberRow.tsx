import { type GroupMemberView, GroupRole } from '@parley/protocol';
import { useTranslation } from '../../../i18n/index.ts';
import { Avatar } from '../../../components/Avatar.tsx';
import { TagLabel } from '../../../components/TagLabel.tsx';
import { useTickAt } from '../../../stores/groups.ts';
import styles from './group.module.css';
import { formatMuteUntil } from './memberMenu.tsx';

/** A row of the member page: face, name with "(me)" and the role tag, and the end of a mute. */
export function MemberRow({ member, isMe, onClick }: { member: GroupMemberView; isMe: boolean; onClick(): void }) {
  const { t } = useTranslation();
  // the "muted until" line goes away by itself when the mute ends
  useTickAt(member.mute_until);
  const muted = member.mute_until > Date.now();
  return (
    <button type="button" className={styles.memberRow} onClick={onClick} data-testid={`member-${member.user_id}`}>
      <Avatar name={member.nickname} avatar={member.avatar} color={member.avatar_color} size={40} />
      <span className={styles.memberRowText}>
        <span className={styles.memberRowName}>
          {member.nickname}
          {isMe ? <span className={styles.memberRowSub}>({t('groups.me')})</span> : null}
          {member.role === GroupRole.OWNER ? <TagLabel color="orange">{t('groups.roleOwner')}</TagLabel> : null}
          {member.role === GroupRole.ADMIN ? <TagLabel color="blue">{t('groups.roleAdmin')}</TagLabel> : null}
        </span>
        {muted ? (
          <span className={`${styles.memberRowSub} ${styles.muted}`} data-testid={`member-muted-${member.user_id}`}>
            {t('groups.mute.until', { time: formatMuteUntil(member.mute_until) })}
          </span>
        ) : null}
      </span>
    </button>
  );
}
