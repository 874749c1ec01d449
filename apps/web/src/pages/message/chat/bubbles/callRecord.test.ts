import { CALL_MEDIA, CALL_OUTCOMES, callRecordSchema } from '@parley/protocol';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { callRecordOf } from './callRecord.ts';

const record = { call_id: 'c-1234567', media: 'video', outcome: 'completed', duration: 83, code: 906, caller: 7 };

/** Values near a record: each field right, wrong in type, or missing. */
const nearRecord = fc.record(
  {
    call_id: fc.oneof(fc.string(), fc.integer()),
    media: fc.oneof(fc.constantFrom(...CALL_MEDIA), fc.string()),
    outcome: fc.oneof(fc.constantFrom(...CALL_OUTCOMES), fc.string()),
    duration: fc.oneof(fc.integer({ min: -5, max: 5000 }), fc.double(), fc.string()),
    code: fc.oneof(fc.integer(), fc.double(), fc.constant(null), fc.constant(2 ** 53)),
    caller: fc.oneof(fc.integer(), fc.string()),
    extra: fc.anything(),
  },
  { requiredKeys: [] },
);

describe('callRecordOf', () => {
  it('reads a record', () => {
    expect(callRecordOf(record)).toEqual(record);
  });

  it('refuses what is not one', () => {
    expect(callRecordOf(null)).toBeNull();
    expect(callRecordOf('x')).toBeNull();
    expect(callRecordOf({ ...record, media: 'fax' })).toBeNull();
    expect(callRecordOf({ ...record, duration: -1 })).toBeNull();
    expect(callRecordOf({ ...record, duration: 1.5 })).toBeNull();
    // past Number.MAX_SAFE_INTEGER: not an integer to zod
    expect(callRecordOf({ ...record, code: 2 ** 53 })).toBeNull();
    const { caller: _, ...noCaller } = record;
    expect(callRecordOf(noCaller)).toBeNull();
  });

  it('accepts exactly what the protocol schema accepts, and reads the same fields', () => {
    fc.assert(
      fc.property(fc.oneof(nearRecord, fc.anything()), (value) => {
        const parsed = callRecordSchema.safeParse(value);
        expect(callRecordOf(value)).toEqual(parsed.success ? parsed.data : null);
      }),
      { numRuns: 5000 },
    );
  });
});
