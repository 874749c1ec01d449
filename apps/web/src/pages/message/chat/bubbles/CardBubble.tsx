import { toGroupId } from '@parley/protocol';
import { useTranslation } from '../../../../i18n/index.ts';
import { useNavigate } from '../../../../router/hashRouter.tsx';
import { fetchGroupInfo } from '../../../../api/groups.ts';
import { Avatar } from '../../../../components/Avatar.tsx';
import { showToast } from '../../../../components/feedback.tsx';
import type { ChatItem } from '../../../../stores/messageList.ts';

import styles from './Bubbles.module.css';
import { PathTo } from '../../../../paths.ts';

/** A contact card: a user (→ their profile) or a group (→ its chat when I am a member). */
export function CardBubble({ message }: { message: ChatItem }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const e = message.extends;
  const isGroup = e.kind === 'group';
  const name = String(e.displayName ?? '') || message.content;
  const open = async () => {
    if (!isGroup) {
      navigate(PathTo.contactDetail(String(e.id ?? '')));
      return;
    }
    const groupId = toGroupId(String(e.contactId ?? e.id ?? ''));
    if (!groupId) return;
    try {
      await fetchGroupInfo(groupId, { silent: true });
      navigate(PathTo.groupChat(groupId, name));
    } catch {
      showToast(t('chat.card.notMember'));
    }
  };
  return (
    <button type="button" className={styles.card} onClick={() => void open()} data-testid="bubble-card" data-card-kind={isGroup ? 'group' : 'user'}>
      <span className={styles.cardBody}>
        <Avatar name={name} avatar={String(e.avatar ?? '')} color={Number(e.avatar_color) || 1} size={42} />
        <span className={styles.cardText}>
          <span className={styles.cardTitle}>{name}</span>
        </span>
      </span>
      <span className={styles.cardFoot}>{isGroup ? t('chat.card.group') : t('chat.card.user')}</span>
    </button>
  );
}
