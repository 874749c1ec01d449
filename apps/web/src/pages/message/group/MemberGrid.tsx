import type { GroupMemberView } from '@parley/protocol';
import { GroupRole } from '@parley/protocol';
import { AddOutline, MinusOutline } from 'antd-mobile-icons';
import { useTranslation } from '../../../i18n/index.ts';
import { Avatar } from '../../../components/Avatar.tsx';
import styles from './group.module.css';
import { byRole } from './permissions.ts';

/** Members shown on the info page before 'view all'. */
export const GRID_MEMBERS = 20;

export interface MemberGridProps {
  members: readonly GroupMemberView[];
  canInvite: boolean;
  canRemove: boolean;
  onMember(member: GroupMemberView): void;
  onInvite(): void;
  onRemove(): void;
}

/** The info page's grid: the first members by role, then '+' (invite) and '−' (remove). */
export function MemberGrid({ members, canInvite, canRemove, onMember, onInvite, onRemove }: MemberGridProps) {
  const { t } = useTranslation();
  return (
    <div className={styles.members} data-testid="group-member-grid">
      {byRole(members)
        .slice(0, GRID_MEMBERS)
        .map((member) => (
          <button
            key={member.user_id}
            type="button"
            className={styles.member}
            onClick={() => onMember(member)}
            data-testid={`group-member-${member.user_id}`}
          >
            <span className={styles.memberFace}>
              <Avatar name={member.nickname} avatar={member.avatar} color={member.avatar_color} size={48} />
              {member.role !== GroupRole.MEMBER ? (
                <span className={styles.memberBadge}>
                  {member.role === GroupRole.OWNER ? t('groups.roleOwner') : t('groups.roleAdmin')}
                </span>
              ) : null}
            </span>
            <span className={styles.memberName}>{member.nickname}</span>
          </button>
        ))}
      {canInvite ? (
        <button type="button" className={styles.member} onClick={onInvite} data-testid="group-add-member" aria-label={t('groups.addMember')}>
          <span className={styles.plusTile}>
            <AddOutline />
          </span>
          <span className={styles.memberName}>&nbsp;</span>
        </button>
      ) : null}
      {canRemove ? (
        <button
          type="button"
          className={styles.member}
          onClick={onRemove}
          data-testid="group-remove-member"
          aria-label={t('groups.removeMember')}
        >
          <span className={styles.plusTile}>
            <MinusOutline />
          </span>
          <span className={styles.memberName}>&nbsp;</span>
        </button>
      ) : null}
    </div>
  );
}
