import { Input } from 'antd-mobile';
import { EyeInvisibleOutline, EyeOutline } from 'antd-mobile-icons';
import { useId, useState } from 'react';
import { useTranslation } from '../../i18n/index.ts';
import styles from './Auth.module.css';

export interface AuthFieldProps {
  /** Also the input's `name` attribute (stable for tests: account, nickname, password, repassword). */
  name: string;
  label: string;
  value: string;
  onChange(value: string): void;
  placeholder?: string;
  autoComplete?: string;
  /** A password: hidden, with a show/hide button. */
  secret?: boolean;
  error?: string;
  maxLength?: number;
}

/** One labelled row of the login and register forms, with its validation message underneath. */
export function AuthField({ name, label, value, onChange, placeholder, autoComplete, secret, error, maxLength }: AuthFieldProps) {
  const { t } = useTranslation();
  const id = useId();
  const [revealed, setRevealed] = useState(false);
  return (
    <div className={styles.field}>
      <div className={styles.row}>
        <label className={styles.label} htmlFor={id}>
          {label}
        </label>
        <div className={styles.control}>
          <Input
            id={id}
            name={name}
            type={secret && !revealed ? 'password' : 'text'}
            value={value}
            onChange={onChange}
            placeholder={placeholder}
            autoComplete={autoComplete}
            autoCapitalize="off"
            autoCorrect="off"
            maxLength={maxLength}
            clearable
          />
        </div>
        {secret ? (
          <button
            type="button"
            className={styles.iconButton}
            onClick={() => setRevealed((shown) => !shown)}
            aria-label={revealed ? t('login.hidePassword') : t('login.showPassword')}
          >
            {revealed ? <EyeOutline /> : <EyeInvisibleOutline />}
          </button>
        ) : null}
      </div>
      {error ? (
        <div className={styles.error} role="alert" data-testid={`error-${name}`}>
          {error}
        </div>
      ) : null}
    </div>
  );
}
