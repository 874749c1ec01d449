import { ACCOUNT_MAX, type DeviceItem, editAccountBody, editPasswordBody, PASSWORD_MAX } from '@parley/protocol';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button } from 'antd-mobile';
import { GlobalOutline } from 'antd-mobile-icons';
import type { TFunction } from '../../i18n/translator.ts';
import { type ReactNode, useState } from 'react';
import { useTranslation } from '../../i18n/index.ts';
import { editAccount, editPassword, listDevices, signOutDevice } from '../../api/users.ts';
import { EmptyState } from '../../components/EmptyState.tsx';
import { askConfirm } from '../../components/feedback.tsx';
import { relativeTimeText } from '../../i18n/relativeTimeText.ts';
import { PageFrame } from '../../components/PageFrame.tsx';
import { PageLoading } from '../../components/PageLoading.tsx';
import { TagLabel } from '../../components/TagLabel.tsx';
import { useZodForm } from '../../hooks/useZodForm.ts';
import type { PageProps } from '../../router/pageProps.ts';
import { endSession } from '../../session/endSession.ts';
import { useSession } from '../../stores/session.ts';
import { FormField } from './FormField.tsx';
import styles from './form.module.css';
import { describeUserAgent } from './userAgent.ts';

const DEVICES_KEY = ['devices'] as const;

/** Account security (spec §2 `#/pages/mine/secure`): account name, password, signed-in devices. */
export default function SecurePage({ titleKey }: PageProps) {
  const { t } = useTranslation();
  return (
    <PageFrame title={t(titleKey)} testId="secure-page">
      <AccountForm />
      <PasswordForm />
      <Devices />
    </PageFrame>
  );
}

function AccountForm() {
  const { t } = useTranslation();
  const current = useSession((s) => s.userInfo?.account ?? '');
  const form = useZodForm(editAccountBody, { account: current });
  const change = useMutation({ mutationFn: editAccount });
  const unchanged = form.values.account.trim() === current;
  const submit = () => {
    const body = form.validate();
    if (body) change.mutate(body.account);
  };
  return (
    <section className={styles.section} data-testid="secure-account-form">
      <div className={styles.sectionTitle}>{t('secure.accountTitle')}</div>
      <FormField
        {...form.field('account')}
        label={t('secure.account')}
        maxLength={ACCOUNT_MAX}
        autoComplete="username"
        help={t('secure.accountHelp')}
        testId="secure-account"
      />
      <div className={styles.submit}>
        <Button block color="primary" disabled={unchanged} loading={change.isPending} onClick={submit} data-testid="secure-account-submit">
          {t('secure.changeAccount')}
        </Button>
      </div>
    </section>
  );
}

const EMPTY_PASSWORDS = { oldPassword: '', password: '', repassword: '' };

/** Current, new and confirm; emptied after a change (the other devices are signed out by the server). */
function PasswordForm() {
  const [version, setVersion] = useState(0);
  return <PasswordFields key={version} onChanged={() => setVersion((v) => v + 1)} />;
}

function PasswordFields({ onChanged }: { onChanged(): void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const form = useZodForm(editPasswordBody, EMPTY_PASSWORDS);
  const change = useMutation({
    mutationFn: editPassword,
    onSuccess: () => {
      onChanged();
      return queryClient.invalidateQueries({ queryKey: DEVICES_KEY });
    },
  });
  const filled = form.values.oldPassword !== '' && form.values.password !== '' && form.values.repassword !== '';
  const submit = () => {
    const body = form.validate();
    if (body) change.mutate(body);
  };
  return (
    <section className={styles.section} data-testid="secure-password-form">
      <div className={styles.sectionTitle}>{t('secure.passwordTitle')}</div>
      <FormField
        {...form.field('oldPassword')}
        label={t('secure.oldPassword')}
        type="password"
        autoComplete="current-password"
        maxLength={128}
        testId="secure-password-old"
      />
      <FormField
        {...form.field('password')}
        label={t('secure.newPassword')}
        type="password"
        autoComplete="new-password"
        maxLength={PASSWORD_MAX}
        placeholder={t('secure.passwordPlaceholder')}
        testId="secure-password-new"
      />
      <FormField
        {...form.field('repassword')}
        label={t('secure.confirmPassword')}
        type="password"
        autoComplete="new-password"
        maxLength={PASSWORD_MAX}
        testId="secure-password-confirm"
      />
      <div className={styles.help} style={{ padding: '8px 16px 0' }}>
        {t('secure.passwordHelp')}
      </div>
      <div className={styles.submit}>
        <Button block color="primary" disabled={!filled} loading={change.isPending} onClick={submit} data-testid="secure-password-submit">
          {t('secure.changePassword')}
        </Button>
      </div>
    </section>
  );
}

/** A phone outline (the icon set has none). */
function PhoneGlyph() {
  return (
    <svg width="1em" height="1em" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.6" aria-hidden="true">
      <rect x="6.5" y="2.5" width="11" height="19" rx="2.2" />
      <path d="M10.5 18.5h3" strokeLinecap="round" />
    </svg>
  );
}

function deviceName(device: DeviceItem, t: TFunction): string {
  const { browser, system } = describeUserAgent(device.user_agent);
  if (browser && system) return t('secure.browserOn', { browser, system });
  return browser ?? system ?? (device.device === 'mobile' ? t('secure.mobileDevice') : t('secure.webDevice'));
}

function Devices() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const query = useQuery({ queryKey: DEVICES_KEY, queryFn: () => listDevices({ silent: true }), staleTime: 0 });
  const signOutMutation = useMutation({
    mutationFn: (device: DeviceItem) => signOutDevice(device.id),
    onSuccess: (result) => (result.current ? endSession() : queryClient.invalidateQueries({ queryKey: DEVICES_KEY })),
  });

  const signOut = async (device: DeviceItem) => {
    const ok = await askConfirm({
      title: t('secure.signOutTitle'),
      content: device.current ? t('secure.signOutCurrent') : t('secure.signOutConfirm', { name: deviceName(device, t) }),
      confirmText: t('secure.signOut'),
      danger: true,
    });
    if (ok) signOutMutation.mutate(device);
  };

  let body: ReactNode;
  if (query.isPending) body = <PageLoading />;
  else if (query.isError)
    body = (
      <EmptyState text={t('secure.devicesFailed')}>
        <Button size="small" onClick={() => void query.refetch()}>
          {t('common.retry')}
        </Button>
      </EmptyState>
    );
  else
    body = query.data.map((device) => (
      <div key={device.id} className={styles.field} data-testid={`device-${device.id}`} data-current={device.current ? 1 : 0}>
        <div className={styles.row} style={{ padding: '10px 0' }}>
          <span style={{ fontSize: 24, color: 'var(--text-secondary)', display: 'inline-flex' }} aria-hidden="true">
            {device.device === 'mobile' ? <PhoneGlyph /> : <GlobalOutline />}
          </span>
          <div style={{ flex: '1 1 auto', minWidth: 0 }}>
            <div style={{ display: 'flex', alignItems: 'center', gap: 6 }}>
              <span style={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>{deviceName(device, t)}</span>
              {device.current ? <TagLabel>{t('secure.thisDevice')}</TagLabel> : null}
            </div>
            <div style={{ color: 'var(--text-secondary)', fontSize: 13 }}>
              {t('secure.lastUsed', { time: relativeTimeText(device.last_used_at), ip: device.ip || '-' })}
            </div>
          </div>
          <Button
            size="mini"
            color="danger"
            fill="outline"
            loading={signOutMutation.isPending && signOutMutation.variables?.id === device.id}
            style={{ flex: 'none', whiteSpace: 'nowrap' }}
            onClick={() => void signOut(device)}
            data-testid={`device-signout-${device.id}`}
          >
            {t('secure.signOut')}
          </Button>
        </div>
      </div>
    ));

  return (
    <section className={styles.section} style={{ marginBottom: 24 }} data-testid="secure-devices">
      <div className={styles.sectionTitle}>{t('secure.devicesTitle')}</div>
      {body}
    </section>
  );
}
