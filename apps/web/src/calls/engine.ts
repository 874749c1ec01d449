import {
  answersIncomingBusy,
  CallCode,
  type CallMedia,
  type CallOutcome,
  type CallParty,
  callOutcomeOf,
  type SendToMsgBody,
  type WebrtcPush,
} from '@parley/protocol';
import { api } from '../api/client.ts';
import { showToast } from '../components/feedback.tsx';
import { t } from '../i18n/index.ts';
import { onPush, onSocketState } from '../realtime/socket.ts';
import { navigateTo } from '../router/navigation.ts';
import { type CallSession, isOnCall, useCalls } from '../stores/calls.ts';
import { useSession } from '../stores/session.ts';
import { startRinging, stopRinging } from './ringtone.ts';
import { Paths } from '../paths.ts';

/**
 * The device's side of a call: media, the RTCPeerConnection and the signalling through
 * `sendToMsg` and the `webrtc` push. Lives outside React so a call survives page changes.
 */

const ENDED_SCREEN_MS = 1500;

let pc: RTCPeerConnection | null = null;
let pendingIce: RTCIceCandidateInit[] = [];
let iceServers: RTCIceServer[] | null = null;
let clearTimer: ReturnType<typeof setTimeout> | null = null;
/** the socket this device's side of the call is on (the server sends its signalling there) */
let callClientId: string | null = null;

declare global {
  interface Window {
    /** Read-only view of the call's outgoing tracks, for end-to-end tests. */
    __parleyCall?: { senders(): { kind: string | null; enabled: boolean; live: boolean; label: string }[] };
  }
}

function newCallId(): string {
  if (typeof crypto !== 'undefined' && 'randomUUID' in crypto) return crypto.randomUUID();
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 12)}`;
}

/** `#/pages/message/call` with the spec's query: msg_id (the call id), type, status, id, name, avatar. */
export function callPath(call: Pick<CallSession, 'id' | 'media' | 'direction' | 'peer'>): string {
  const q = new URLSearchParams({
    msg_id: call.id,
    type: call.media,
    status: call.direction,
    id: String(call.peer.id),
    name: call.peer.displayName,
    avatar: call.peer.avatar,
  });
  return `${Paths.call}?${q.toString()}`;
}

function send(body: SendToMsgBody | Omit<SendToMsgBody, 'event'>, silent = false) {
  return api.call('sendToMsg', body as SendToMsgBody, { silent });
}

async function rtcConfig(): Promise<RTCConfiguration> {
  if (!iceServers) {
    try {
      iceServers = (await api.call('getCallConfig', {}, { silent: true })).iceServers as RTCIceServer[];
    } catch {
      iceServers = [];
    }
  }
  return { iceServers };
}

async function openMedia(media: CallMedia): Promise<MediaStream> {
  const stream = await navigator.mediaDevices.getUserMedia({ audio: true, video: media === 'video' });
  useCalls.getState().setStreams({ localStream: stream });
  return stream;
}

function current(id: string): CallSession | null {
  const call = useCalls.getState().call;
  return call && call.id === id && call.phase !== 'ended' ? call : null;
}

function releaseMedia(): void {
  pc?.close();
  pc = null;
  pendingIce = [];
  for (const track of useCalls.getState().localStream?.getTracks() ?? []) track.stop();
}

/** Ends the call on this device: media released, lock cleared, the outcome shown, then the screen leaves. */
function finish(outcome: CallOutcome | null, duration = 0): void {
  stopRinging();
  releaseMedia();
  const s = useCalls.getState();
  s.lock({ kind: 'hangup' });
  if (!s.call) return;
  if (s.call.phase === 'incoming' || outcome === null) {
    s.clear();
    return;
  }
  s.patch({ phase: 'ended', outcome, duration });
  if (clearTimer) clearTimeout(clearTimer);
  const endedId = s.call.id;
  clearTimer = setTimeout(() => {
    if (useCalls.getState().call?.id === endedId) useCalls.getState().clear();
  }, ENDED_SCREEN_MS);
}

async function peerConnection(call: CallSession): Promise<RTCPeerConnection> {
  if (pc) return pc;
  const conn = new RTCPeerConnection(await rtcConfig());
  pc = conn;
  const local = useCalls.getState().localStream;
  for (const track of local?.getTracks() ?? []) conn.addTrack(track, local as MediaStream);
  conn.onicecandidate = (e) => {
    if (!e.candidate || !current(call.id)) return;
    const c = e.candidate.toJSON();
    void send(
      {
        toContactId: call.peer.id,
        event: 'ice',
        id: call.id,
        candidate: { candidate: c.candidate ?? '', sdpMid: c.sdpMid ?? null, sdpMLineIndex: c.sdpMLineIndex ?? null },
      },
      true,
    ).catch(() => {});
  };
  conn.ontrack = (e) => {
    const stream = e.streams[0] ?? new MediaStream([e.track]);
    useCalls.getState().setStreams({ remoteStream: stream });
  };
  conn.onconnectionstatechange = () => {
    if (pc !== conn) return;
    if (conn.connectionState === 'connected' && current(call.id)?.phase === 'connecting') {
      useCalls.getState().patch({ phase: 'active', connectedAt: Date.now() });
    }
    if (conn.connectionState === 'failed') void hangUp();
  };
  return conn;
}

async function flushIce(): Promise<void> {
  const queued = pendingIce;
  pendingIce = [];
  for (const c of queued) await pc?.addIceCandidate(c).catch(() => {});
}

/** Starts a call to `peer` from this device; refuses while another call is on or calls are off. */
export async function startCall(peer: CallParty, media: CallMedia): Promise<void> {
  const s = useCalls.getState();
  if (isOnCall(s) || s.call?.phase === 'incoming') {
    showToast(t('calls.otherDevice'));
    return;
  }
  if (useSession.getState().globalConfig.sysInfo.disableCalls) {
    showToast(t('calls.disabled'));
    return;
  }
  const call: CallSession = {
    id: newCallId(),
    media,
    direction: 'out',
    peer,
    phase: 'outgoing',
    connectedAt: null,
    outcome: null,
    duration: 0,
    muted: false,
    cameraOff: false,
    speaker: true,
  };
  s.begin(call);
  callClientId = useSession.getState().clientId;
  navigateTo(callPath(call));
  try {
    await openMedia(media);
  } catch {
    showToast(t('calls.mediaDenied'));
    finish(null);
    return;
  }
  if (!current(call.id)) return releaseMedia();
  try {
    const res = await send({ toContactId: peer.id, event: 'call', code: CallCode.CALLING, type: media, id: call.id });
    if (res.state === 'ended') finish(callOutcomeOf(res.code), 0);
  } catch {
    finish(null);
  }
}

/** Accepts the ringing call on this device. */
export async function acceptCall(): Promise<void> {
  const call = useCalls.getState().call;
  if (call?.phase !== 'incoming') return;
  stopRinging();
  useCalls.getState().patch({ phase: 'connecting' });
  navigateTo(callPath(call));
  try {
    await openMedia(call.media);
  } catch {
    showToast(t('calls.mediaDenied'));
    void send({ toContactId: call.peer.id, event: 'call', code: CallCode.REJECTED, id: call.id }, true).catch(() => {});
    finish('declined');
    return;
  }
  try {
    callClientId = useSession.getState().clientId;
    await send({ toContactId: call.peer.id, event: 'call', code: CallCode.ACCEPTED, id: call.id });
    await peerConnection(call);
  } catch {
    finish(null);
  }
}

/** Declines the ringing call. */
export async function declineCall(): Promise<void> {
  const call = useCalls.getState().call;
  if (call?.phase !== 'incoming') return;
  stopRinging();
  useCalls.getState().clear();
  useCalls.getState().lock({ kind: 'code', code: CallCode.REJECTED, fromSelf: true });
  await send({ toContactId: call.peer.id, event: 'call', code: CallCode.REJECTED, id: call.id }, true).catch(() => {});
}

/** Cancels a call still ringing out, or hangs up a connected one. */
export async function hangUp(): Promise<void> {
  const call = useCalls.getState().call;
  if (!call || call.phase === 'ended') return;
  if (call.phase === 'incoming') return declineCall();
  const code = call.phase === 'outgoing' ? CallCode.CANCELLED : CallCode.HUNG_UP;
  const duration = call.connectedAt ? Math.round((Date.now() - call.connectedAt) / 1000) : 0;
  useCalls.getState().lock({ kind: 'code', code, fromSelf: true });
  finish(callOutcomeOf(code), duration);
  await send({ toContactId: call.peer.id, event: 'call', code, id: call.id }, true).catch(() => {});
}

export function setMuted(muted: boolean): void {
  for (const track of useCalls.getState().localStream?.getAudioTracks() ?? []) track.enabled = !muted;
  useCalls.getState().patch({ muted });
}

export function setCameraOff(cameraOff: boolean): void {
  for (const track of useCalls.getState().localStream?.getVideoTracks() ?? []) track.enabled = !cameraOff;
  useCalls.getState().patch({ cameraOff });
}

/** Moves to the next camera `enumerateDevices` lists, replacing the track the peer receives. */
export async function switchCamera(): Promise<void> {
  const local = useCalls.getState().localStream;
  const old = local?.getVideoTracks()[0];
  if (!local || !old) return;
  const cameras = (await navigator.mediaDevices.enumerateDevices()).filter((d) => d.kind === 'videoinput');
  if (cameras.length < 2) {
    showToast(t('calls.oneCamera'));
    return;
  }
  const at = cameras.findIndex((d) => d.deviceId === old.getSettings().deviceId);
  const next = cameras[(at + 1) % cameras.length];
  const fresh = (await navigator.mediaDevices.getUserMedia({ video: { deviceId: { exact: next.deviceId } } })).getVideoTracks()[0];
  fresh.enabled = old.enabled;
  await pc
    ?.getSenders()
    .find((s) => s.track === old)
    ?.replaceTrack(fresh);
  old.stop();
  useCalls.getState().setStreams({ localStream: new MediaStream([...local.getAudioTracks(), fresh]) });
}

async function onCallPush(p: WebrtcPush): Promise<void> {
  const s = useCalls.getState();
  if (p.event === 'call' && p.code === CallCode.CALLING) {
    if (s.call?.id === p.id) return;
    const busy = answersIncomingBusy({ locked: isOnCall(s) || s.call?.phase === 'incoming', onCallScreen: s.onCallScreen });
    if (busy) {
      s.lock({ kind: 'code', code: CallCode.BUSY, fromSelf: true });
      await send({ toContactId: p.caller.id, event: 'call', code: CallCode.BUSY, id: p.id }, true).catch(() => {});
      return;
    }
    s.begin({
      id: p.id,
      media: p.type,
      direction: 'in',
      peer: p.caller,
      phase: 'incoming',
      connectedAt: null,
      outcome: null,
      duration: 0,
      muted: false,
      cameraOff: false,
      speaker: true,
    });
    startRinging();
    if (useSession.getState().appSetting.vibrateStatus) navigator.vibrate?.([800, 400, 800, 400, 800]);
    return;
  }
  const call = current(p.id);
  if (!call) return;
  if (p.event === 'call' && p.code === CallCode.ACCEPTED) {
    if (p.elsewhere) {
      stopRinging();
      s.clear();
      showToast(t('calls.otherDevice'));
      return;
    }
    if (call.direction !== 'out') return;
    s.patch({ phase: 'connecting' });
    const conn = await peerConnection(call);
    const offer = await conn.createOffer();
    await conn.setLocalDescription(offer);
    s.lock({ kind: 'offer' });
    await send({ toContactId: call.peer.id, event: 'offer', sdp: offer.sdp ?? '', id: call.id }, true);
    return;
  }
  if (p.event === 'call') {
    finish(callOutcomeOf(p.code ?? 0), p.duration ?? 0);
    return;
  }
  if (p.event === 'offer' && p.sdp) {
    const conn = await peerConnection(call);
    await conn.setRemoteDescription({ type: 'offer', sdp: p.sdp });
    await flushIce();
    const answer = await conn.createAnswer();
    await conn.setLocalDescription(answer);
    s.lock({ kind: 'answer' });
    await send({ toContactId: call.peer.id, event: 'answer', sdp: answer.sdp ?? '', id: call.id }, true);
    return;
  }
  if (p.event === 'answer' && p.sdp && pc) {
    await pc.setRemoteDescription({ type: 'answer', sdp: p.sdp });
    await flushIce();
    return;
  }
  if (p.event === 'ice' && p.candidate) {
    const c: RTCIceCandidateInit = {
      candidate: p.candidate.candidate,
      sdpMid: p.candidate.sdpMid ?? null,
      sdpMLineIndex: p.candidate.sdpMLineIndex ?? null,
    };
    if (pc?.remoteDescription) await pc.addIceCandidate(c).catch(() => {});
    else pendingIce.push(c);
  }
}

/** The socket came back with a new client id during a call: move this side of the call to it. */
async function resumeOnNewSocket(): Promise<void> {
  const call = useCalls.getState().call;
  const clientId = useSession.getState().clientId;
  if (!call || call.phase === 'incoming' || call.phase === 'ended' || !callClientId || !clientId || clientId === callClientId) return;
  const from = callClientId;
  callClientId = clientId;
  try {
    await send({ toContactId: call.peer.id, event: 'resume', id: call.id, from_client: from }, true);
  } catch {
    finish(null);
  }
}

/** Listens for call pushes (once, at start-up). */
export function startCallSync(): void {
  onSocketState((state) => {
    if (state === 'bound') void resumeOnNewSocket();
  });
  onPush('webrtc', (p) => {
    onCallPush(p).catch((err) => console.error('[parley] call step failed', err));
  });
  window.__parleyCall = {
    senders: () =>
      (pc?.getSenders() ?? []).map((s) => ({
        kind: s.track?.kind ?? null,
        enabled: s.track?.enabled ?? false,
        live: s.track?.readyState === 'live',
        label: s.track?.label ?? '',
      })),
  };
}
