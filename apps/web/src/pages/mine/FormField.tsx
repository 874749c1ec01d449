import { type ReactNode, useId } from 'react';
import styles from './form.module.css';

export interface FormFieldProps {
  label: ReactNode;
  value: string;
  onChange?(value: string): void;
  /** data-testid of the input itself */
  testId?: string;
  name?: string;
  type?: 'text' | 'password' | 'email';
  placeholder?: string;
  maxLength?: number;
  readOnly?: boolean;
  multiline?: boolean;
  autoComplete?: string;
  inputMode?: 'text' | 'numeric' | 'email';
  error?: string;
  /** a line of help under the field */
  help?: ReactNode;
  /** drawn right of the input (a tag, a button) */
  extra?: ReactNode;
}

/** A multi-line field grows with its text (on mount and as it is typed). */
function growWithText(area: HTMLTextAreaElement | null): void {
  if (!area) return;
  area.style.height = 'auto';
  area.style.height = `${area.scrollHeight}px`;
}

/** One labelled input row of the personal-area forms, with its message underneath. */
export function FormField(props: FormFieldProps) {
  const id = useId();
  const common = {
    id,
    name: props.name,
    value: props.value,
    placeholder: props.placeholder,
    maxLength: props.maxLength,
    readOnly: props.readOnly,
    'data-testid': props.testId,
    'aria-invalid': props.error ? true : undefined,
  };
  return (
    <div className={styles.field}>
      <div className={styles.row}>
        <label className={styles.label} htmlFor={id}>
          {props.label}
        </label>
        <div className={styles.control}>
          {props.multiline ? (
            <textarea
              {...common}
              ref={growWithText}
              className={styles.textarea}
              rows={1}
              onChange={(e) => {
                growWithText(e.target);
                props.onChange?.(e.target.value);
              }}
            />
          ) : (
            <input
              {...common}
              className={styles.input}
              type={props.type ?? 'text'}
              autoComplete={props.autoComplete}
              inputMode={props.inputMode}
              autoCapitalize="off"
              autoCorrect="off"
              onChange={(e) => props.onChange?.(e.target.value)}
            />
          )}
          {props.extra}
        </div>
      </div>
      {props.error ? (
        <div className={styles.error} role="alert" data-testid={props.testId ? `${props.testId}-error` : undefined}>
          {props.error}
        </div>
      ) : null}
      {props.help ? <div className={styles.help}>{props.help}</div> : null}
    </div>
  );
}
