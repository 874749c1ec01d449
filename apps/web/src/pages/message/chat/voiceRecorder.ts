import { checkRecordingDuration } from '@parley/protocol';

/** Why a recording produced nothing to send. */
export type RecordingProblem = 'denied' | 'failed' | 'tooShort' | 'cancelled';

export interface Recording {
  blob: Blob;
  /** seconds */
  duration: number;
  ext: string;
}

const TYPES = ['audio/webm;codecs=opus', 'audio/webm', 'audio/ogg;codecs=opus', 'audio/mp4'];

function pickType(): string | undefined {
  if (typeof MediaRecorder === 'undefined' || typeof MediaRecorder.isTypeSupported !== 'function') return undefined;
  return TYPES.find((t) => MediaRecorder.isTypeSupported(t));
}

function extOf(mime: string): string {
  if (mime.includes('ogg')) return 'ogg';
  if (mime.includes('mp4')) return 'm4a';
  return 'webm';
}

/**
 * One hold-to-talk recording with MediaRecorder. `start` asks for the microphone; `finish(send)`
 * stops it and resolves the recording, or rejects with a RecordingProblem (denied, failed,
 * too short — under 1 s, protocol `checkRecordingDuration` — or cancelled).
 */
export class VoiceRecording {
  private recorder: MediaRecorder | null = null;
  private stream: MediaStream | null = null;
  private chunks: Blob[] = [];
  private startedAt = 0;
  private ready: Promise<void>;
  private problem: RecordingProblem | null = null;

  constructor() {
    this.ready = this.open();
  }

  private async open(): Promise<void> {
    if (!navigator.mediaDevices?.getUserMedia || typeof MediaRecorder === 'undefined') {
      this.problem = 'failed';
      return;
    }
    try {
      this.stream = await navigator.mediaDevices.getUserMedia({ audio: true });
    } catch (error) {
      const name = (error as { name?: string } | null)?.name;
      this.problem = name === 'NotAllowedError' || name === 'SecurityError' || name === 'PermissionDeniedError' ? 'denied' : 'failed';
      return;
    }
    try {
      const mimeType = pickType();
      this.recorder = new MediaRecorder(this.stream, mimeType ? { mimeType } : undefined);
      this.recorder.ondataavailable = (e) => {
        if (e.data.size > 0) this.chunks.push(e.data);
      };
      this.recorder.start(250);
      this.startedAt = performance.now();
    } catch {
      this.problem = 'failed';
      this.release();
    }
  }

  /** Seconds recorded so far (0 until the microphone is open). */
  elapsed(): number {
    return this.startedAt ? (performance.now() - this.startedAt) / 1000 : 0;
  }

  /** Waits until the microphone answered; rejects with 'denied' or 'failed'. */
  async started(): Promise<void> {
    await this.ready;
    if (this.problem) throw this.problem;
  }

  async finish(send: boolean): Promise<Recording> {
    await this.ready;
    if (this.problem) throw this.problem;
    const recorder = this.recorder;
    if (!recorder) throw 'failed' satisfies RecordingProblem;
    const duration = this.elapsed();
    const stopped = new Promise<void>((resolve) => {
      recorder.onstop = () => resolve();
    });
    if (recorder.state !== 'inactive') recorder.stop();
    await stopped;
    this.release();
    if (!send) throw 'cancelled' satisfies RecordingProblem;
    if (checkRecordingDuration(duration) !== null) throw 'tooShort' satisfies RecordingProblem;
    const type = recorder.mimeType || this.chunks[0]?.type || 'audio/webm';
    const blob = new Blob(this.chunks, { type });
    if (blob.size === 0) throw 'failed' satisfies RecordingProblem;
    return { blob, duration: Math.round(duration * 10) / 10, ext: extOf(type) };
  }

  private release(): void {
    for (const track of this.stream?.getTracks() ?? []) track.stop();
    this.stream = null;
  }
}
