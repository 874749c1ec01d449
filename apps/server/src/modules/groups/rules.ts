
/** A stored mute reads 0 once its time has passed. */
export function effectiveMute(muteUntil: number, now = Date.now()): number {
  return muteUntil > now ? muteUntil : 0;
}
