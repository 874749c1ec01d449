import { useCallback, useState } from 'react';

export type FieldValues<F> = { [K in keyof F]: string | boolean };

/** The fields of `F` that hold text. */
type TextField<F> = { [K in keyof F]: F[K] extends string ? K : never }[keyof F];

/**
 * A form's values and its messages, one per field, cleared as soon as the field is edited (the
 * state `useZodForm` and `useLazyZodForm` share). `word` words a kept message when it is shown;
 * `onEdit` is told of every edit.
 */
export function useFormFields<F extends FieldValues<F>>(initial: F, word: (message: string) => string, onEdit?: () => void) {
  const [values, setValues] = useState<F>(initial);
  const [errors, setErrors] = useState<Partial<Record<keyof F, string>>>({});

  const setField = useCallback(
    <K extends keyof F>(field: K, value: F[K]) => {
      onEdit?.();
      setValues((current) => ({ ...current, [field]: value }));
      setErrors((current) => (current[field] ? { ...current, [field]: undefined } : current));
    },
    [onEdit],
  );

  const errorOf = (field: keyof F): string | undefined => {
    const message = errors[field];
    return message ? word(message) : undefined;
  };

  /** A text field's props for an input: its name, value, edits and message. */
  const field = <K extends TextField<F>>(name: K) => ({
    name: String(name),
    value: values[name] as string,
    onChange: (value: string) => setField(name, value as F[K]),
    error: errorOf(name),
  });

  return { values, setField, errorOf, field, setErrors };
}
