import { toGroupId } from '@parley/protocol';
import { List, Popup, SearchBar } from 'antd-mobile';
import { TeamOutline } from 'antd-mobile-icons';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Avatar } from '../../../components/Avatar.tsx';
import { loadMembers, useGroupEntry } from '../../../stores/groups.ts';
import type { Mention } from './drafts.ts';

export interface MentionPickerProps {
  groupContactId: string;
  myUserId: number;
  /** Owner and admins may mention everyone (id 0). */
  canMentionAll: boolean;
  onPick(mention: Mention): void;
  onClose(): void;
}

/** '@' in a group: pick the member to mention. */
export function MentionPicker({ groupContactId, myUserId, canMentionAll, onPick, onClose }: MentionPickerProps) {
  const { t } = useTranslation();
  const entry = useGroupEntry(groupContactId);
  const [filter, setFilter] = useState('');
  const groupId = toGroupId(groupContactId);

  useEffect(() => {
    if (groupId) void loadMembers(groupId);
  }, [groupId]);

  const needle = filter.trim().toLowerCase();
  const members = (entry?.members ?? []).filter((m) => m.user_id !== myUserId && (!needle || m.nickname.toLowerCase().includes(needle)));

  return (
    <Popup visible onMaskClick={onClose} onClose={onClose} bodyStyle={{ height: '70vh', borderRadius: '12px 12px 0 0', display: 'flex', flexDirection: 'column' }}>
      <div style={{ padding: '12px 12px 4px', fontWeight: 600, textAlign: 'center' }}>{t('chat.mention.title')}</div>
      <div style={{ padding: '4px 12px 8px' }}>
        <SearchBar placeholder={t('common.search')} value={filter} onChange={setFilter} />
      </div>
      <div style={{ flex: 1, overflowY: 'auto' }} data-testid="mention-list">
        <List>
          {canMentionAll && !needle ? (
            <List.Item prefix={<TeamOutline fontSize={28} />} onClick={() => onPick({ id: 0, name: t('chat.mention.everyone') })} data-testid="mention-0">
              {t('chat.mention.everyone')}
            </List.Item>
          ) : null}
          {members.map((m) => (
            <List.Item
              key={m.user_id}
              prefix={<Avatar name={m.nickname} avatar={m.avatar} color={m.avatar_color} size={32} />}
              onClick={() => onPick({ id: m.user_id, name: m.nickname })}
              data-testid={`mention-${m.user_id}`}
            >
              {m.nickname}
            </List.Item>
          ))}
        </List>
      </div>
    </Popup>
  );
}
