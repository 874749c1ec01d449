/**
 * The ringtone, synthesised with WebAudio (no audio file): two 0.4 s bursts of a 440 + 480 Hz
 * pair (the North American ring cadence), then a pause, repeated until stopped.
 */
let context: AudioContext | null = null;
let timer: ReturnType<typeof setInterval> | null = null;

function burst(ctx: AudioContext, at: number): void {
  const gain = ctx.createGain();
  gain.gain.setValueAtTime(0, at);
  gain.gain.linearRampToValueAtTime(0.15, at + 0.02);
  gain.gain.setValueAtTime(0.15, at + 0.38);
  gain.gain.linearRampToValueAtTime(0, at + 0.4);
  gain.connect(ctx.destination);
  for (const freq of [440, 480]) {
    const osc = ctx.createOscillator();
    osc.frequency.value = freq;
    osc.connect(gain);
    osc.start(at);
    osc.stop(at + 0.41);
  }
}

function ringOnce(): void {
  if (!context) return;
  const now = context.currentTime;
  burst(context, now);
  burst(context, now + 0.6);
}

export function startRinging(): void {
  if (timer || typeof AudioContext === 'undefined') return;
  try {
    context = new AudioContext();
    void context.resume().catch(() => {});
    ringOnce();
    timer = setInterval(ringOnce, 3000);
  } catch {
    context = null;
  }
}

export function stopRinging(): void {
  if (typeof navigator !== 'undefined') navigator.vibrate?.(0);
  if (timer) clearInterval(timer);
  timer = null;
  void context?.close().catch(() => {});
  context = null;
}
