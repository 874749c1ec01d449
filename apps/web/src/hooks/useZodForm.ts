import { useCallback, useState } from 'react';
import { fieldMessages } from './fieldMessages.ts';
import { localizeMessage } from '../i18n/validation.ts';

/** The part of a zod schema the form needs (keeps zod itself out of the web bundle's imports). */
export interface SafeParser<T> {
  safeParse(value: unknown):
    | { success: true; data: T }
    | { success: false; error: { issues: readonly { path: readonly PropertyKey[]; message: string }[] } };
}

type FieldValues<F> = { [K in keyof F]: string | boolean };

/**
 * Form state validated by a protocol schema on submit: one message per field, shown in the
 * user's language, cleared as soon as the field is edited.
 */
export function useZodForm<F extends FieldValues<F>, T>(schema: SafeParser<T>, initial: F) {
  const [values, setValues] = useState<F>(initial);
  const [errors, setErrors] = useState<Partial<Record<keyof F, string>>>({});

  const setField = useCallback(<K extends keyof F>(field: K, value: F[K]) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => (current[field] ? { ...current, [field]: undefined } : current));
  }, []);

  /** Returns the parsed body, or null after showing the messages. */
  const validate = useCallback((): T | null => {
    const result = schema.safeParse(values);
    if (result.success) {
      setErrors({});
      return result.data;
    }
    setErrors(fieldMessages(result.error.issues, values, (message) => message));
    return null;
  }, [schema, values]);

  const errorOf = (field: keyof F): string | undefined => {
    const message = errors[field];
    return message ? localizeMessage(message) : undefined;
  };

  return { values, setField, validate, errorOf };
}
