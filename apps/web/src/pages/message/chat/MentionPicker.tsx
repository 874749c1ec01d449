import { toGroupId } from '@parley/protocol';
import { List, Popup, SearchBar } from 'antd-mobile';
import { TeamOutline } from 'antd-mobile-icons';
import { useState } from 'react';
import { useTranslation } from '../../../i18n/index.ts';
import { useDebounced } from '../../../hooks/useDebounced.ts';
import { MEMBER_SEARCH_DEBOUNCE_MS } from '../../../stores/groupMembers.ts';
import { PersonRow } from '../../contacts/PersonRow.tsx';
import { MemberPagesList } from '../group/MemberPagesList.tsx';
import type { Mention } from './drafts.ts';

export interface MentionPickerProps {
  groupContactId: string;
  myUserId: number;
  /** Owner and admins may mention everyone (id 0). */
  canMentionAll: boolean;
  onPick(mention: Mention): void;
  onClose(): void;
}

const ROW_PX = 56;

/** '@' in a group: pick the member to mention, searched by the server and loaded as the list scrolls. */
export function MentionPicker({ groupContactId, myUserId, canMentionAll, onPick, onClose }: MentionPickerProps) {
  const { t } = useTranslation();
  const [filter, setFilter] = useState('');
  const keyword = useDebounced(filter.trim(), MEMBER_SEARCH_DEBOUNCE_MS);
  const groupId = toGroupId(groupContactId);

  const everyone =
    canMentionAll && !filter.trim() ? (
      <List>
        <List.Item prefix={<TeamOutline fontSize={28} />} onClick={() => onPick({ id: 0, name: t('chat.mention.everyone') })} data-testid="mention-0">
          {t('chat.mention.everyone')}
        </List.Item>
      </List>
    ) : undefined;

  return (
    <Popup visible onMaskClick={onClose} onClose={onClose} bodyStyle={{ height: '70vh', borderRadius: '12px 12px 0 0', display: 'flex', flexDirection: 'column' }}>
      <div style={{ padding: '12px 12px 4px', fontWeight: 600, textAlign: 'center' }}>{t('chat.mention.title')}</div>
      <div style={{ padding: '4px 12px 8px' }}>
        <SearchBar placeholder={t('common.search')} value={filter} onChange={setFilter} />
      </div>
      <div style={{ flex: 1, minHeight: 0 }}>
        {groupId ? (
          <MemberPagesList
            groupId={groupId}
            keyword={keyword}
            skip={myUserId}
            top={everyone}
            rowHeight={ROW_PX}
            renderMember={(m) => (
              <PersonRow
                name={m.nickname}
                avatar={m.avatar}
                avatarColor={m.avatar_color}
                onClick={() => onPick({ id: m.user_id, name: m.nickname })}
                testId={`mention-${m.user_id}`}
              />
            )}
            testId="mention-list"
          />
        ) : null}
      </div>
    </Popup>
  );
}
