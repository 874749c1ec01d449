import { isSystemContactId } from '@parley/protocol';
import { BellOutline, FolderOutline } from 'antd-mobile-icons';
import { Avatar } from '../../../components/Avatar.tsx';
import { EntryIcon } from '../../../components/EntryIcon.tsx';
import type { ConversationRow } from '../../../stores/conversationList.ts';
import { useGroupsStore } from '../../../stores/groups.ts';
import { GroupAvatar } from '../../message/group/GroupAvatar.tsx';

function GroupRowAvatar({ row, name, size }: { row: ConversationRow; name: string; size: number }) {
  const listed = useGroupsStore((s) => s.list?.find((g) => g.id === String(row.id)));
  const tiles = listed?.avatars ?? row.avatars ?? [];
  return <GroupAvatar avatar={listed?.avatar || row.avatar} tiles={tiles} name={name} size={size} />;
}

/** The picture of a chat row: the system bell, the file-transfer folder, a group's faces, or the avatar. */
export function RowAvatar({ row, name, size = 48 }: { row: ConversationRow; name: string; size?: number }) {
  if (isSystemContactId(row.id)) {
    return (
      <EntryIcon color="#fa9d3b" size={size}>
        <BellOutline />
      </EntryIcon>
    );
  }
  if (row.is_self === 1) {
    return (
      <EntryIcon color="#07c160" size={size}>
        <FolderOutline />
      </EntryIcon>
    );
  }
  if (row.is_group === 1) return <GroupRowAvatar row={row} name={name} size={size} />;
  return <Avatar name={name} avatar={row.avatar} color={row.avatar_color} size={size} />;
}
