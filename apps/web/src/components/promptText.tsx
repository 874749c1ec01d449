import { Dialog } from 'antd-mobile';
import './antdRender.ts';
import { type ReactNode, useState } from 'react';
import { t } from '../i18n/index.ts';

export interface PromptTextOptions {
  title: ReactNode;
  /** a line under the title */
  description?: ReactNode;
  initial?: string;
  placeholder?: string;
  maxLength?: number;
  confirmText?: string;
  multiline?: boolean;
  /** data-testid of the input */
  testId?: string;
}

const boxStyle = {
  display: 'block',
  width: '100%',
  padding: '9px 10px',
  border: 0,
  borderRadius: 6,
  outline: 'none',
  background: '#f5f5f5',
  color: 'var(--text)',
  font: 'inherit',
  fontSize: 15,
  resize: 'none',
} as const;

function PromptField({ options, onChange }: { options: PromptTextOptions; onChange(value: string): void }) {
  const [value, setValue] = useState(options.initial ?? '');
  const change = (next: string) => {
    setValue(next);
    onChange(next);
  };
  const common = {
    value,
    placeholder: options.placeholder,
    maxLength: options.maxLength,
    'data-testid': options.testId,
    style: boxStyle,
  };
  return (
    <div>
      {options.description ? <p style={{ margin: '0 0 10px', color: 'var(--text-secondary)', fontSize: 13 }}>{options.description}</p> : null}
      {options.multiline ? (
        <textarea {...common} rows={3} onChange={(e) => change(e.target.value)} />
      ) : (
        <input {...common} type="text" autoFocus onChange={(e) => change(e.target.value)} />
      )}
    </div>
  );
}

/** A dialog asking for one line (or a few) of text: resolves with the text, or null when cancelled. */
export async function promptText(options: PromptTextOptions): Promise<string | null> {
  let value = options.initial ?? '';
  const confirmed = await Dialog.confirm({
    title: options.title,
    content: (
      <PromptField
        options={options}
        onChange={(next) => {
          value = next;
        }}
      />
    ),
    confirmText: <span data-testid="dialog-confirm">{options.confirmText ?? t('common.confirm')}</span>,
    cancelText: <span data-testid="dialog-cancel">{t('common.cancel')}</span>,
  });
  return confirmed ? value : null;
}
