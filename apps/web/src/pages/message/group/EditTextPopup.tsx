import { Input, TextArea } from 'antd-mobile';
import { useEffect, useState } from 'react';
import { EditSheet } from './EditSheet.tsx';
import styles from './EditTextPopup.module.css';

export interface EditTextPopupProps {
  open: boolean;
  title: string;
  initial: string;
  placeholder?: string;
  maxLength: number;
  multiline?: boolean;
  /** the text to show under the field when the value is refused before sending, or '' */
  validate?(value: string): string;
  /** resolves true when saved (the popup closes), false to keep it open */
  onSave(value: string): Promise<boolean>;
  onClose(): void;
  testId: string;
}

/** A bottom sheet to edit one text (the group name) with Cancel and Save. */
export function EditTextPopup(props: EditTextPopupProps) {
  const { open, title, initial, placeholder, maxLength, multiline, validate, onSave, onClose, testId } = props;
  const [value, setValue] = useState(initial);
  const [error, setError] = useState('');
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    if (open) {
      setValue(initial);
      setError('');
    }
  }, [open, initial]);

  const save = async () => {
    const problem = validate?.(value) ?? '';
    setError(problem);
    if (problem) return;
    setSaving(true);
    const done = await onSave(value).finally(() => setSaving(false));
    if (done) onClose();
  };

  return (
    <EditSheet open={open} title={title} saving={saving} onSave={save} onClose={onClose} testId={testId}>
      <div className={styles.field}>
        {multiline ? (
          <TextArea
            value={value}
            onChange={setValue}
            placeholder={placeholder}
            maxLength={maxLength}
            autoSize={{ minRows: 5, maxRows: 12 }}
            showCount
            autoFocus
            data-testid={`${testId}-input`}
          />
        ) : (
          <Input
            value={value}
            onChange={setValue}
            placeholder={placeholder}
            maxLength={maxLength}
            clearable
            autoFocus
            onEnterPress={save}
            data-testid={`${testId}-input`}
          />
        )}
      </div>
      {error ? (
        <p className={styles.error} role="alert" data-testid={`${testId}-error`}>
          {error}
        </p>
      ) : null}
    </EditSheet>
  );
}
