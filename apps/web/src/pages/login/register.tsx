import { registerBody } from '@parley/protocol';
import { Button, NoticeBar } from 'antd-mobile';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from '../../i18n/index.ts';
import { useNavigate } from '../../router/hashRouter.tsx';
import { type RegisterForm, register } from '../../api/auth.ts';
import { completeSignIn } from '../../session/signIn.ts';
import { refreshGlobalConfig } from '../../api/system.ts';
import { PageFrame } from '../../components/PageFrame.tsx';
import { useZodForm } from '../../hooks/useZodForm.ts';
import type { PageProps } from '../../router/pageProps.ts';
import styles from './Auth.module.css';
import { AuthField } from './AuthField.tsx';
import { BrandHeader } from './BrandHeader.tsx';
import { Paths } from '../../paths.ts';

export default function RegisterPage({ titleKey }: PageProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const form = useZodForm<RegisterForm, unknown>(registerBody, { account: '', nickname: '', password: '', repassword: '' });
  const [submitting, setSubmitting] = useState(false);
  const config = useQuery({ queryKey: ['systemInfo'], queryFn: () => refreshGlobalConfig({ silent: true }) });
  const closed = config.data?.sysInfo.registrationOpen === false;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (submitting || !form.validate()) return;
    setSubmitting(true);
    try {
      const { values } = form;
      await completeSignIn(await register({ ...values, account: values.account.trim(), nickname: values.nickname.trim() }));
    } catch {
      setSubmitting(false);
    }
  };

  return (
    <PageFrame title={t(titleKey)} background="white" onBack={() => navigate(Paths.login, { replace: true })} testId="register-page">
      <div className={styles.content}>
        <BrandHeader heading={t('register.heading')} subtitle={t('register.subtitle')} compact />
        {closed ? <NoticeBar className={styles.notice} color="alert" content={t('register.closed')} wrap /> : null}
        <form onSubmit={submit} noValidate data-testid="register-form">
          <AuthField
            {...form.field('account')}
            label={t('register.account')}
            placeholder={t('register.accountPlaceholder')}
            autoComplete="username"
          />
          <AuthField
            {...form.field('nickname')}
            label={t('register.nickname')}
            placeholder={t('register.nicknamePlaceholder')}
            autoComplete="nickname"
          />
          <AuthField
            {...form.field('password')}
            label={t('register.password')}
            placeholder={t('register.passwordPlaceholder')}
            autoComplete="new-password"
            secret
          />
          <AuthField
            {...form.field('repassword')}
            label={t('register.repassword')}
            placeholder={t('register.repasswordPlaceholder')}
            autoComplete="new-password"
            secret
          />
          <div className={styles.options} />
          <Button
            block
            color="primary"
            size="large"
            type="submit"
            loading={submitting}
            disabled={closed}
            data-testid="register-submit"
          >
            {t('register.submit')}
          </Button>
        </form>
        <p className={styles.switchLine}>
          {t('register.haveAccount')}{' '}
          <button type="button" className={styles.link} onClick={() => navigate(Paths.login, { replace: true })} data-testid="to-login">
            {t('register.toLogin')}
          </button>
        </p>
      </div>
    </PageFrame>
  );
}
