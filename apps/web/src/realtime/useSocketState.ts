import { useSyncExternalStore } from 'react';
import { getSocketState, onSocketState, type SocketState } from './socket.ts';

export function useSocketState(): SocketState {
  return useSyncExternalStore(onSocketState, getSocketState);
}
