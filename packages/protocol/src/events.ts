/** Socket frames (spec §7, design: Realtime). Every push is `{type, data}`. */
export const PushType = [
  'ping',
  'pong',
  'init',
  'isOnline',
  'offline',
  'updateConfig',
  'simple',
  'group',
  'setChatTop',
  'setIsNotice',
  'addGroup',
  'setManager',
  'addGroupUser',
  'removeUser',
  'editGroupName',
  'removeGroup',
  'setNotice',
  'groupSetting',
  'appendContact',
  'webrtc',
  'bindUid',
  'error',
] as const;
export type PushTypeName = (typeof PushType)[number];

export interface Push<T = unknown> {
  type: PushTypeName;
  data?: T;
  client_id?: string;
}

export type ClientFrame =
  | { type: 'ping' }
  | { type: 'pong' }
  | { type: 'close' }
  | { type: 'bindUid'; user_id?: number | string; token: string };
