import dayjs from 'dayjs';
import { useTranslation } from '../../../i18n/index.ts';
import { useGroupSpeakState } from '../../../stores/groups.ts';
import { useSession } from '../../../stores/session.ts';

export type ChatKind = 'group' | 'private' | 'self' | 'system';

/**
 * Why I cannot send here now, or null: the system contact is read-only; private chat disabled by
 * the system; in a group the mute rules (protocol `canSpeakInGroup`) or no longer being a member.
 * The server refuses the same cases.
 */
export function useSendBlock(kind: ChatKind, contactId: string): { text: string; gone: boolean } | null {
  const { t } = useTranslation();
  const privateDisabled = useSession((s) => s.globalConfig.sysInfo.disablePrivateChat);
  const speak = useGroupSpeakState(kind === 'group' ? contactId : null);
  if (kind === 'system') return { text: t('chat.systemReadOnly'), gone: false };
  if (kind === 'private' && privateDisabled) return { text: t('chat.privateDisabled'), gone: false };
  if (kind !== 'group') return null;
  if (speak.gone) return { text: t(`chat.gone.${speak.gone}`), gone: true };
  const v = speak.verdict;
  if (v.ok) return null;
  if (v.reason === 'memberMuted') return { text: t('chat.muted.until', { time: dayjs(v.until).format('YYYY-MM-DD HH:mm') }), gone: false };
  return { text: t(v.reason === 'ownerOnly' ? 'chat.muted.ownerOnly' : 'chat.muted.muteAll'), gone: false };
}
