import { useCallback, useRef, useState } from 'react';
import { fieldMessages } from './fieldMessages.ts';
import type { SafeParser } from './useZodForm.ts';

/** A protocol schema with the function that words its messages in the user's language. */
export interface FormChecker<T> {
  schema: SafeParser<T>;
  localize(message: string): string;
}

type FieldValues<F> = { [K in keyof F]: string | boolean };

/**
 * `useZodForm` for a page that must not carry zod on its first screen (the login page): the schema
 * and the error texts load with the first edit (or, at the latest, the first submit), and `validate`
 * waits for them. Messages as `useZodForm` shows them: one per field, cleared when the field is edited.
 */
export function useLazyZodForm<F extends FieldValues<F>, T>(load: () => Promise<FormChecker<T>>, initial: F) {
  const [values, setValues] = useState<F>(initial);
  const [errors, setErrors] = useState<Partial<Record<keyof F, string>>>({});
  const checker = useRef<Promise<FormChecker<T>> | null>(null);
  const loadOnce = useCallback(() => {
    checker.current ??= load();
    return checker.current;
  }, [load]);

  const setField = useCallback(
    <K extends keyof F>(field: K, value: F[K]) => {
      void loadOnce().catch(() => undefined);
      setValues((current) => ({ ...current, [field]: value }));
      setErrors((current) => (current[field] ? { ...current, [field]: undefined } : current));
    },
    [loadOnce],
  );

  /** Resolves to the parsed body, or null after showing the messages. */
  const validate = useCallback(async (): Promise<T | null> => {
    let check: FormChecker<T>;
    try {
      check = await loadOnce();
    } catch (error) {
      checker.current = null;
      throw error;
    }
    const result = check.schema.safeParse(values);
    if (result.success) {
      setErrors({});
      return result.data;
    }
    setErrors(fieldMessages(result.error.issues, values, check.localize));
    return null;
  }, [loadOnce, values]);

  const errorOf = (field: keyof F): string | undefined => errors[field] || undefined;

  return { values, setField, validate, errorOf };
}
