import { CALL_MEDIA, CALL_OUTCOMES, type CallRecord } from '@parley/protocol';

// (zod's `.int()` takes safe integers only)
const isInt = (v: unknown): v is number => Number.isSafeInteger(v);
const oneOf = <T extends string>(values: readonly T[], v: unknown): v is T => values.includes(v as T);

/**
 * The call record in a `webrtc` message's `extends` (the shape of the protocol's `callRecordSchema`),
 * or null when it is not one. A plain check: the schema would bring zod (about 25 kB) to every chat.
 */
export function callRecordOf(value: unknown): CallRecord | null {
  if (typeof value !== 'object' || value === null) return null;
  const r = value as Record<string, unknown>;
  const ok =
    typeof r.call_id === 'string' &&
    oneOf(CALL_MEDIA, r.media) &&
    oneOf(CALL_OUTCOMES, r.outcome) &&
    isInt(r.duration) &&
    r.duration >= 0 &&
    isInt(r.code) &&
    isInt(r.caller);
  return ok ? { call_id: r.call_id as string, media: r.media as CallRecord['media'], outcome: r.outcome as CallRecord['outcome'], duration: r.duration as number, code: r.code as number, caller: r.caller as number } : null;
}
