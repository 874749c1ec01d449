import { formatCallDuration } from '@parley/protocol';
import { AudioMutedOutline, AudioOutline, CameraOutline, CloseOutline, LoopOutline, SoundOutline, VideoOutline } from 'antd-mobile-icons';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from '../../i18n/index.ts';
import { useNavigate } from '../../router/hashRouter.tsx';
import { Paths } from '../../paths.ts';
import { hangUp, setCameraOff, setMuted, switchCamera } from '../../calls/engine.ts';
import { Avatar } from '../../components/Avatar.tsx';
import styles from '../../components/call/Call.module.css';
import { CallControl } from '../../components/call/CallControl.tsx';
import type { PageProps } from '../../router/pageProps.ts';
import { type CallSession, useCalls } from '../../stores/calls.ts';

function useSeconds(since: number | null): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (since === null) return;
    const timer = setInterval(() => setNow(Date.now()), 500);
    return () => clearInterval(timer);
  }, [since]);
  return since === null ? 0 : Math.max(0, Math.floor((now - since) / 1000));
}

/** Binds a stream to a media element (React has no prop for srcObject). */
function useStream<T extends HTMLMediaElement>(stream: MediaStream | null) {
  const ref = useRef<T>(null);
  useEffect(() => {
    if (ref.current && ref.current.srcObject !== stream) ref.current.srcObject = stream;
  }, [stream]);
  return ref;
}

function statusKey(call: CallSession) {
  if (call.phase === 'ended') return `calls.outcome.${call.outcome ?? 'completed'}` as const;
  if (call.phase === 'outgoing') return 'calls.calling' as const;
  return 'calls.connecting' as const;
}

/** `#/pages/message/call`: the outgoing and connected call screen (query: msg_id, type, status, id, name, avatar). */
export default function CallPage({ query }: PageProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const call = useCalls((s) => (s.call && s.call.id === query.msg_id ? s.call : null));
  const local = useCalls((s) => s.localStream);
  const remote = useCalls((s) => s.remoteStream);
  const seconds = useSeconds(call?.phase === 'active' ? call.connectedAt : null);
  const localRef = useStream<HTMLVideoElement>(local);
  const remoteVideoRef = useStream<HTMLVideoElement>(remote);
  const remoteAudioRef = useStream<HTMLAudioElement>(remote);

  useEffect(() => {
    useCalls.getState().setOnCallScreen(true);
    return () => {
      useCalls.getState().setOnCallScreen(false);
      // left by Back: this screen is the only way back to the call (and plays its sound), so the call
      // ends rather than running on unseen on both phones (StrictMode's rehearsal stays on the screen)
      if (!window.location.hash.startsWith(`#${Paths.call}`)) void hangUp();
    };
  }, []);

  // the call is over (or was never on this device): leave the screen
  useEffect(() => {
    if (call) return;
    const timer = setTimeout(() => navigate(-1), 300);
    return () => clearTimeout(timer);
  }, [call, navigate]);

  // speaker: loud on the default output, quieter ("earpiece") when off
  useEffect(() => {
    const volume = call?.speaker === false ? 0.3 : 1;
    if (remoteVideoRef.current) remoteVideoRef.current.volume = volume;
    if (remoteAudioRef.current) remoteAudioRef.current.volume = volume;
  }, [call?.speaker, remoteVideoRef, remoteAudioRef]);

  const name = call?.peer.displayName ?? query.name ?? '';
  const video = (call?.media ?? query.type) === 'video';
  const live = call && call.phase !== 'ended';
  const showVideo = video && call?.phase === 'active';

  return (
    <div className={styles.screen} data-testid="call-screen" data-phase={call?.phase ?? 'gone'} data-media={video ? 'video' : 'voice'}>
      {video ? (
        <>
          <video ref={remoteVideoRef} className={`${styles.remoteVideo} ${showVideo ? '' : styles.hidden}`} autoPlay playsInline data-testid="call-remote-video" />
          <video ref={localRef} className={styles.localVideo} autoPlay playsInline muted data-testid="call-local-video" />
        </>
      ) : (
        <audio ref={remoteAudioRef} autoPlay data-testid="call-remote-audio" />
      )}
      <div className={styles.peer}>
        {showVideo ? null : (
          <>
            <Avatar name={name} avatar={call?.peer.avatar ?? query.avatar} color={call?.peer.avatar_color} size={96} />
            <span className={styles.name}>{name}</span>
          </>
        )}
        <span className={styles.status} data-testid="call-status">
          {call?.phase === 'active' ? (
            <span data-testid="call-timer">{formatCallDuration(seconds)}</span>
          ) : call ? (
            t(statusKey(call), { time: formatCallDuration(call.duration) })
          ) : (
            t('calls.outcome.ended')
          )}
        </span>
      </div>
      {live ? (
        <div className={styles.controls} data-columns={!video && call.phase !== 'outgoing' ? 2 : 3}>
          {call.phase !== 'outgoing' ? (
            <>
              <CallControl
                icon={call.muted ? <AudioMutedOutline /> : <AudioOutline />}
                label={t('calls.mute')}
                pressed={call.muted}
                onClick={() => setMuted(!call.muted)}
                testId="call-mute"
              />
              {video ? (
                <CallControl
                  icon={<VideoOutline />}
                  label={t(call.cameraOff ? 'calls.cameraOn' : 'calls.cameraOff')}
                  pressed={call.cameraOff}
                  onClick={() => setCameraOff(!call.cameraOff)}
                  testId="call-camera"
                />
              ) : null}
              <CallControl
                icon={<SoundOutline />}
                label={t('calls.speaker')}
                pressed={call.speaker}
                onClick={() => useCalls.getState().patch({ speaker: !call.speaker })}
                testId="call-speaker"
              />
              {video ? <CallControl icon={<LoopOutline />} label={t('calls.switchCamera')} onClick={() => void switchCamera()} testId="call-switch" /> : null}
            </>
          ) : video ? (
            <CallControl icon={<CameraOutline />} label={t('calls.switchCamera')} onClick={() => void switchCamera()} testId="call-switch" />
          ) : null}
          <div className={styles.pair}>
            <CallControl
              icon={<CloseOutline />}
              label={t(call.phase === 'outgoing' ? 'calls.cancel' : 'calls.hangUp')}
              tone="hangup"
              onClick={() => void hangUp()}
              testId="call-hangup"
            />
          </div>
        </div>
      ) : null}
    </div>
  );
}
