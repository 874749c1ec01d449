import type { PushData, PushName } from '@parley/protocol';
import { configureSocketCalls } from '../api/client.ts';
import { useSession } from '../stores/session.ts';
import { RealtimeSocket, type SocketState } from './RealtimeSocket.ts';

export type { SocketState } from './RealtimeSocket.ts';

function socketUrl(): string {
  const scheme = window.location.protocol === 'https:' ? 'wss' : 'ws';
  return `${scheme}://${window.location.host}/wss`;
}

/** The app's one socket to `/wss`, bound with the stored token; the client id goes to the store. */
export const socket = new RealtimeSocket({
  url: socketUrl,
  token: () => useSession.getState().authToken,
  onClientId: (clientId) => useSession.getState().setClientId(clientId),
});

// sends and red-packet opens go over this socket while it is bound (no HTTP request each)
configureSocketCalls((name, body, timeoutMs) => socket.call(name, body, timeoutMs));

/** Subscribe to a server push (`simple`, `group`, `appendContact`, …), typed from the push map; returns the unsubscribe. */
export function onPush<K extends PushName>(type: K, handler: (data: PushData<K>) => void): () => void {
  return socket.onPush<PushData<K>>(type, (data) => handler(data));
}

export const getSocketState = (): SocketState => socket.getState();
export const onSocketState = (listener: (state: SocketState) => void): (() => void) => socket.onState(listener);
