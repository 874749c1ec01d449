import { APP_VERSION } from '@parley/protocol';
import { Button, Checkbox } from 'antd-mobile';
import { type FormEvent, useRef, useState } from 'react';
import { loadDeferredTexts, useTranslation } from '../../i18n/index.ts';
import { type LoginForm, login } from '../../api/auth.ts';
import { completeSignIn } from '../../session/signIn.ts';
import { useLazyZodForm } from '../../hooks/useLazyZodForm.ts';
import styles from './Auth.module.css';
import { AuthField } from './AuthField.tsx';
import { BrandHeader } from './BrandHeader.tsx';
import { LanguageButton } from './LanguageButton.tsx';
import { Paths } from '../../paths.ts';
import { navigateTo } from '../../router/navigation.ts';

/** zod and the error table (with its texts) are not part of the login page's first screen: they load as the user starts typing. */
const loadChecker = () => Promise.all([import('./loginCheck.ts'), loadDeferredTexts()]).then(([m]) => m.loginChecker);

export default function LoginPage() {
  const { t } = useTranslation();
  const form = useLazyZodForm<LoginForm, unknown>(loadChecker, { account: '', password: '', remember: false });
  const [submitting, setSubmitting] = useState(false);
  /** A submit is being checked or sent (the check may wait for the schema to load). */
  const busy = useRef(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy.current) return;
    busy.current = true;
    try {
      if (!(await form.validate())) return;
      setSubmitting(true);
      await completeSignIn(await login({ ...form.values, account: form.values.account.trim() }));
    } catch {
      // The HTTP client has already told the user why.
      setSubmitting(false);
    } finally {
      busy.current = false;
    }
  };

  return (
    <div className={styles.page} data-testid="login-page">
      <div className={styles.content}>
        <div className={styles.toolbar}>
          <LanguageButton />
        </div>
        <BrandHeader heading={t('login.heading')} subtitle={t('login.subtitle')} />
        <form onSubmit={submit} noValidate data-testid="login-form">
          <AuthField
            {...form.field('account')}
            label={t('login.account')}
            placeholder={t('login.accountPlaceholder')}
            autoComplete="username"
          />
          <AuthField
            {...form.field('password')}
            label={t('login.password')}
            placeholder={t('login.passwordPlaceholder')}
            autoComplete="current-password"
            secret
          />
          <div className={styles.options}>
            <Checkbox
              checked={form.values.remember}
              onChange={(checked) => form.setField('remember', checked)}
              style={{ '--icon-size': '18px', '--font-size': '14px', '--gap': '6px' }}
              data-testid="login-remember"
            >
              {t('login.remember')}
            </Checkbox>
          </div>
          <Button block color="primary" size="large" type="submit" loading={submitting} data-testid="login-submit">
            {t('login.submit')}
          </Button>
        </form>
        <p className={styles.switchLine}>
          {t('login.noAccount')}{' '}
          <button type="button" className={styles.link} onClick={() => navigateTo(Paths.register)} data-testid="to-register">
            {t('login.toRegister')}
          </button>
        </p>
        <footer className={styles.footer}>
          {t('common.appName')} · {t('about.version', { version: APP_VERSION })}
        </footer>
      </div>
    </div>
  );
}
