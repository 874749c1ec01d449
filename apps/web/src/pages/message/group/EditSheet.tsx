import { Button, Popup } from 'antd-mobile';
import type { ReactNode } from 'react';
import { useTranslation } from '../../../i18n/index.ts';
import { appContainer } from '../../../layout.ts';
import styles from './EditTextPopup.module.css';

export interface EditSheetProps {
  open: boolean;
  title: string;
  saving: boolean;
  /** Save is greyed out (e.g. the text is too long) */
  saveDisabled?: boolean;
  onSave(): void;
  onClose(): void;
  testId: string;
  children: ReactNode;
}

/** A bottom sheet with Cancel, a title and Save above what is edited (group name, group notice). */
export function EditSheet({ open, title, saving, saveDisabled, onSave, onClose, testId, children }: EditSheetProps) {
  const { t } = useTranslation();
  return (
    <Popup visible={open} onMaskClick={onClose} getContainer={appContainer} bodyClassName={styles.sheet} destroyOnClose>
      <div data-testid={testId}>
        <div className={styles.head}>
          <button type="button" className={styles.cancel} onClick={onClose} data-testid={`${testId}-cancel`}>
            {t('common.cancel')}
          </button>
          <span className={styles.title}>{title}</span>
          <Button color="primary" size="small" loading={saving} disabled={saveDisabled} onClick={onSave} data-testid={`${testId}-save`}>
            {t('common.save')}
          </Button>
        </div>
        {children}
      </div>
    </Popup>
  );
}
