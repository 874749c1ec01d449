import { type CallLockEvent, type CallMedia, type CallOutcome, type CallParty, nextCallLock } from '@parley/protocol';
import { create } from 'zustand';

export type CallPhase = 'incoming' | 'outgoing' | 'connecting' | 'active' | 'ended';

/** The one call this device takes part in (or is being rung for). */
export interface CallSession {
  id: string;
  media: CallMedia;
  direction: 'out' | 'in';
  peer: CallParty;
  phase: CallPhase;
  /** when media started flowing (ms), for the timer */
  connectedAt: number | null;
  outcome: CallOutcome | null;
  duration: number;
  muted: boolean;
  cameraOff: boolean;
  speaker: boolean;
}

interface CallsState {
  call: CallSession | null;
  /** the call lock of spec §4 */
  locked: boolean;
  /** the call page is showing */
  onCallScreen: boolean;
  localStream: MediaStream | null;
  remoteStream: MediaStream | null;
}

interface CallsActions {
  lock(event: CallLockEvent): void;
  begin(call: CallSession): void;
  patch(patch: Partial<CallSession>): void;
  setStreams(streams: Partial<Pick<CallsState, 'localStream' | 'remoteStream'>>): void;
  setOnCallScreen(on: boolean): void;
  clear(): void;
}

export const useCalls = create<CallsState & CallsActions>()((set) => ({
  call: null,
  locked: false,
  onCallScreen: false,
  localStream: null,
  remoteStream: null,
  lock: (event) => set((s) => ({ locked: nextCallLock(s.locked, event) })),
  begin: (call) => set({ call, localStream: null, remoteStream: null }),
  patch: (patch) => set((s) => (s.call ? { call: { ...s.call, ...patch } } : s)),
  setStreams: (streams) => set(streams),
  setOnCallScreen: (onCallScreen) => set({ onCallScreen }),
  clear: () => set({ call: null, localStream: null, remoteStream: null }),
}));

/** A call is under way on this device (ringing out, connecting or connected). */
export const isOnCall = (s: Pick<CallsState, 'call' | 'locked'>): boolean =>
  s.locked || (s.call !== null && s.call.phase !== 'ended' && s.call.phase !== 'incoming');
