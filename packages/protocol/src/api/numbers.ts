import { z } from 'zod';

/**
 * A whole number given as a JSON number or a string of digits, between `min` and `max`.
 * Unlike `z.coerce.number()` it never turns `null`, `""`, `[]`, `[5]` or `true` into a number:
 * `at: [null]` must not become `[0]` (@everyone), `limit: [50]` must not pass as 50.
 */
export function wholeNumber(min: number, max: number, error?: string) {
  const digits = z
    .string()
    .regex(/^\d{1,16}$/)
    .transform(Number);
  const message = error ? { error } : undefined;
  return z.union([z.number(), digits], message).pipe(z.number().int().min(min, message).max(max, message));
}
