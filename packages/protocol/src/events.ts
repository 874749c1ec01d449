import type { SocketCallName } from './contract/endpointPaths.ts';
import type { PushName } from './contract/pushes.ts';
/** Socket frames (spec §7, design: Realtime). Every push is `{type, data}`; the types are the push map's (contract/pushes.ts). */
export type PushTypeName = PushName;

export interface Push<T = unknown> {
  type: PushTypeName;
  data?: T;
  client_id?: string;
}

export type ClientFrame =
  | { type: 'ping' }
  | { type: 'pong' }
  | { type: 'close' }
  | { type: 'bindUid'; user_id?: number | string; token: string }
  /** an endpoint of SOCKET_CALLS, on a bound socket; answered by an `answer` push with the same `seq` */
  | { type: 'call'; seq: number; name: SocketCallName; body: object };
