import { useCallback, useRef } from 'react';
import { fieldMessages } from './fieldMessages.ts';
import { type FieldValues, useFormFields } from './useFormFields.ts';
import type { SafeParser } from './useZodForm.ts';

/** A protocol schema with the function that words its messages in the user's language. */
export interface FormChecker<T> {
  schema: SafeParser<T>;
  localize(message: string): string;
}

/**
 * `useZodForm` for a page that must not carry zod on its first screen (the login page): the schema
 * and the error texts load with the first edit (or, at the latest, the first submit), and `validate`
 * waits for them. Messages as `useZodForm` shows them: one per field, cleared when the field is edited.
 */
export function useLazyZodForm<F extends FieldValues<F>, T>(load: () => Promise<FormChecker<T>>, initial: F) {
  const checker = useRef<Promise<FormChecker<T>> | null>(null);
  const loadOnce = useCallback(() => {
    checker.current ??= load();
    return checker.current;
  }, [load]);
  const startLoading = useCallback(() => void loadOnce().catch(() => undefined), [loadOnce]);
  // the messages are worded when the schema reports them (its texts came with it)
  const { values, setField, errorOf, field, setErrors } = useFormFields(initial, (message) => message, startLoading);

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
  }, [loadOnce, values, setErrors]);

  return { values, setField, validate, errorOf, field };
}
