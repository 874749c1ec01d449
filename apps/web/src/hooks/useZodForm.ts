import { useCallback } from 'react';
import { fieldMessages } from './fieldMessages.ts';
import { localizeMessage } from '../i18n/validation.ts';
import { type FieldValues, useFormFields } from './useFormFields.ts';

/** The part of a zod schema the form needs (keeps zod itself out of the web bundle's imports). */
export interface SafeParser<T> {
  safeParse(value: unknown):
    | { success: true; data: T }
    | { success: false; error: { issues: readonly { path: readonly PropertyKey[]; message: string }[] } };
}

/**
 * Form state validated by a protocol schema on submit: one message per field, shown in the
 * user's language, cleared as soon as the field is edited.
 */
export function useZodForm<F extends FieldValues<F>, T>(schema: SafeParser<T>, initial: F) {
  const { values, setField, errorOf, field, setErrors } = useFormFields(initial, localizeMessage);

  /** Returns the parsed body, or null after showing the messages. */
  const validate = useCallback((): T | null => {
    const result = schema.safeParse(values);
    if (result.success) {
      setErrors({});
      return result.data;
    }
    setErrors(fieldMessages(result.error.issues, values, (message) => message));
    return null;
  }, [schema, values, setErrors]);

  return { values, setField, validate, errorOf, field };
}
