import { useMutation } from '@tanstack/react-query';
import { Button, Popup } from 'antd-mobile';
import { useEffect, useState } from 'react';
import { useTranslation } from '../../i18n/index.ts';
import { sendVerifyCode, verifyEmail } from '../../api/users.ts';
import { showToast } from '../../components/feedback.tsx';
import { appContainer } from '../../layout.ts';
import { FormField } from './FormField.tsx';
import styles from './form.module.css';

const RESEND_SECONDS = 60;

/** Proves an e-mail address with a 6-digit code (sendCode → verifyEmail); the account becomes verified. */
export function EmailVerify({ email, open, onClose }: { email: string; open: boolean; onClose(): void }) {
  const { t } = useTranslation();
  const [code, setCode] = useState('');
  const [wait, setWait] = useState(0);

  useEffect(() => {
    if (wait <= 0) return;
    const timer = setTimeout(() => setWait((w) => w - 1), 1000);
    return () => clearTimeout(timer);
  }, [wait]);

  const sendMutation = useMutation({
    mutationFn: () => sendVerifyCode(email),
    onSuccess: () => {
      showToast(t('profile.codeSent', { email }), 'success');
      setWait(RESEND_SECONDS);
    },
  });
  // a wrong or expired code: the client showed why; the user may ask for a new one
  const verifyMutation = useMutation({
    mutationFn: (typed: string) => verifyEmail(email, typed),
    onSuccess: () => {
      setCode('');
      onClose();
    },
  });
  const busy = sendMutation.isPending ? 'send' : verifyMutation.isPending ? 'verify' : null;
  const send = () => sendMutation.mutate();
  const verify = () => {
    if (!/^\d{6}$/.test(code.trim())) {
      showToast(t('profile.codeInvalid'));
      return;
    }
    verifyMutation.mutate(code.trim());
  };

  return (
    <Popup visible={open} onMaskClick={onClose} onClose={onClose} getContainer={appContainer} bodyStyle={{ borderRadius: '12px 12px 0 0' }}>
      <div style={{ paddingBottom: 'calc(12px + env(safe-area-inset-bottom, 0px))' }} data-testid="verify-email-sheet">
        <div className={styles.sectionTitle} style={{ fontSize: 17, color: 'var(--text)', fontWeight: 600, textAlign: 'center' }}>
          {t('profile.verifyTitle')}
        </div>
        <p style={{ margin: '4px 16px 8px', color: 'var(--text-secondary)', fontSize: 14 }}>{t('profile.verifyExplain', { email })}</p>
        <FormField
          label={t('profile.code')}
          value={code}
          onChange={(v) => setCode(v.replace(/\D/g, '').slice(0, 6))}
          inputMode="numeric"
          autoComplete="one-time-code"
          placeholder={t('profile.codePlaceholder')}
          testId="verify-code"
          extra={
            <button type="button" className={styles.linkButton} onClick={send} disabled={wait > 0 || busy !== null} data-testid="verify-send-code">
              {wait > 0 ? t('profile.resendIn', { seconds: wait }) : t('profile.sendCode')}
            </button>
          }
        />
        <div className={styles.submit}>
          <Button block color="primary" onClick={verify} loading={busy === 'verify'} disabled={code.length !== 6} data-testid="verify-submit">
            {t('profile.verify')}
          </Button>
        </div>
      </div>
    </Popup>
  );
}
