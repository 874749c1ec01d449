import { PasscodeInput, Popup } from 'antd-mobile';
import { useState } from 'react';
import { appContainer } from '../../../layout.ts';
import styles from './wallet.module.css';

/**
 * A bottom sheet asking for the 6-digit payment password with antd-mobile's PasscodeInput and
 * system number keypad; `onFill` gets the digits (the sheet stays open while it works and clears on error).
 */
export function PayPasscode({
  visible,
  title,
  subtitle,
  error,
  onFill,
  onClose,
}: {
  visible: boolean;
  title: string;
  subtitle?: string;
  error?: string;
  onFill(password: string): Promise<void> | void;
  onClose(): void;
}) {
  const [value, setValue] = useState('');
  const fill = async (digits: string) => {
    try {
      await onFill(digits);
    } finally {
      setValue('');
    }
  };
  return (
    <Popup visible={visible} onMaskClick={onClose} onClose={onClose} getContainer={appContainer} destroyOnClose>
      <div className={styles.passSheet} data-testid="pay-passcode">
        <div className={styles.passTitle}>{title}</div>
        {subtitle ? <div className={styles.passSubtitle}>{subtitle}</div> : null}
        <PasscodeInput
          value={value}
          onChange={setValue}
          onFill={(v) => void fill(v)}
          length={6}
          error={Boolean(error)}
          data-testid="pay-passcode-input"
        />
        {error ? (
          <div className={styles.passError} data-testid="pay-passcode-error">
            {error}
          </div>
        ) : null}
      </div>
    </Popup>
  );
}
