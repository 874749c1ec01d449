import { create } from 'zustand';
import { showToast } from '../../../components/feedback.tsx';
import { t } from '../../../i18n/index.ts';

/** One voice message plays at a time; the bubble of the playing one animates. */
export const useVoicePlayer = create<{ playing: string | null }>()(() => ({ playing: null }));

let audio: HTMLAudioElement | null = null;

function stop(): void {
  if (audio) {
    audio.onended = null;
    audio.onerror = null;
    audio.pause();
  }
  audio = null;
  useVoicePlayer.setState({ playing: null });
}

/** Plays `url` (the key marks the bubble), or stops when that one is already playing. */
export function toggleVoice(key: string, url: string): void {
  const wasPlaying = useVoicePlayer.getState().playing === key;
  stop();
  if (wasPlaying || !url) return;
  const el = new Audio(url);
  audio = el;
  el.onended = stop;
  el.onerror = () => {
    stop();
    showToast(t('chat.voice.playFailed'));
  };
  useVoicePlayer.setState({ playing: key });
  el.play().catch(() => {
    if (audio === el) stop();
  });
}

export const stopVoice = stop;
