import { useEffect, useState } from 'react';
import { useTranslation } from '../../../i18n/index.ts';
import { fetchProfile } from '../../../api/users.ts';
import { findContact } from '../../../stores/conversationList.ts';
import { useConversations } from '../../../stores/conversations.ts';
import { useFriend } from '../../../stores/friends.ts';
import { useGroupEntry, useGroupName } from '../../../stores/groups.ts';

export interface ChatTitle {
  name: string;
  /** Groups: member count when I may see it. */
  memberCount: number | null;
}

/**
 * The chat's title: the group name (live), the friend's remark or nickname, the file-transfer
 * assistant, or the system notifications; `fallback` (the route's `name`) until known.
 */
export function useChatTitle(contactId: string, kind: 'group' | 'private' | 'self' | 'system', fallback: string): ChatTitle {
  const { t } = useTranslation();
  const row = useConversations((s) => findContact(s.contacts, contactId));
  const friend = useFriend(kind === 'private' ? Number(contactId) : null);
  const groupName = useGroupName(kind === 'group' ? contactId : null);
  const entry = useGroupEntry(kind === 'group' ? contactId : null);
  const [profileName, setProfileName] = useState('');
  // A row made from a message alone carries the id as its name until the list reloads.
  const rowName = row?.displayName && row.displayName !== contactId ? row.displayName : '';
  const known = friend?.displayName || rowName;

  useEffect(() => {
    if (kind !== 'private' || known || !/^\d+$/.test(contactId)) return;
    let live = true;
    fetchProfile(Number(contactId), { silent: true })
      .then((p) => live && setProfileName(p.displayName || p.nickname))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [kind, known, contactId]);

  if (kind === 'self') return { name: t('chat.fileTransfer'), memberCount: null };
  if (kind === 'system') return { name: t('chat.systemNotice'), memberCount: null };
  if (kind === 'group') return { name: groupName || rowName || fallback, memberCount: entry?.group?.member_count ?? null };
  return { name: known || profileName || fallback, memberCount: null };
}
