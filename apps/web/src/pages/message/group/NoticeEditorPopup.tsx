import { GROUP_NOTICE_MAX } from '@parley/protocol';
import { useState } from 'react';
import { useTranslation } from '../../../i18n/index.ts';
import { LazyRichTextEditor } from '../../../components/richText/LazyRichTextEditor.tsx';
import { EditSheet } from './EditSheet.tsx';
import styles from './EditTextPopup.module.css';

export interface NoticeEditorPopupProps {
  open: boolean;
  /** the stored notice (rich text, or an old plain text) */
  initial: string;
  /** resolves true when saved (the popup closes), false to keep it open */
  onSave(html: string): Promise<boolean>;
  onClose(): void;
}

const TEST_ID = 'group-notice-editor';

/** A bottom sheet to write the group notice with the rich-text editor (spec §9), with Cancel and Save. */
export function NoticeEditorPopup({ open, initial, onSave, onClose }: NoticeEditorPopupProps) {
  const { t } = useTranslation();
  const [value, setValue] = useState({ html: initial, length: 0 });
  const [saving, setSaving] = useState(false);
  const tooLong = value.length > GROUP_NOTICE_MAX;

  const save = async () => {
    if (tooLong) return;
    setSaving(true);
    const done = await onSave(value.html).finally(() => setSaving(false));
    if (done) onClose();
  };

  return (
    <EditSheet open={open} title={t('groups.editNotice')} saving={saving} saveDisabled={tooLong} onSave={save} onClose={onClose} testId={TEST_ID}>
      <div className={styles.richField}>
        <LazyRichTextEditor
          initial={initial}
          placeholder={t('groups.noticePlaceholder')}
          onChange={(html, length) => setValue({ html, length })}
          testId={`${TEST_ID}-input`}
        />
        <div className={tooLong ? `${styles.count} ${styles.countOver}` : styles.count} data-testid={`${TEST_ID}-count`}>
          {t('docs.editor.count', { count: value.length, max: GROUP_NOTICE_MAX })}
        </div>
      </div>
      {tooLong ? (
        <p className={styles.error} role="alert" data-testid={`${TEST_ID}-error`}>
          {t('docs.editor.tooLong', { max: GROUP_NOTICE_MAX })}
        </p>
      ) : null}
    </EditSheet>
  );
}
