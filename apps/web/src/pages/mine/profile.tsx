import { type Gender, NICKNAME_MAX, SIGNATURE_MAX, type UserInfo, updateUserInfoBody } from '@parley/protocol';
import { Button, List } from 'antd-mobile';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from '../../i18n/index.ts';
import { useNavigate } from '../../router/hashRouter.tsx';
import { fetchMyInfo, type ProfilePatch, updateMyInfo } from '../../api/users.ts';
import { Avatar } from '../../components/Avatar.tsx';
import { AvatarUploader } from '../../components/AvatarUploader.tsx';
import { showToast } from '../../components/feedback.tsx';
import { PageFrame } from '../../components/PageFrame.tsx';
import { TagLabel } from '../../components/TagLabel.tsx';
import { useZodForm } from '../../hooks/useZodForm.ts';
import type { PageProps } from '../../router/pageProps.ts';
import { displayNameOf, useSession } from '../../stores/session.ts';
import { EmailVerify } from './EmailVerify.tsx';
import { FormField } from './FormField.tsx';
import styles from './form.module.css';
import { MyQrCard } from './MyQrCard.tsx';
import { Paths } from '../../paths.ts';

const GENDERS: readonly Gender[] = ['male', 'female', 'unknown'];
const GENDER_LABEL = { male: 'profile.genderMale', female: 'profile.genderFemale', unknown: 'profile.genderUnknown' } as const;

/** Personal info (spec §2 `#/pages/mine/profile`): avatar, names, gender, signature, e-mail and its verification, my QR card. */
export default function ProfilePage({ titleKey }: PageProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const user = useSession((s) => s.userInfo);

  useEffect(() => {
    fetchMyInfo({ silent: true }).catch(() => undefined);
  }, []);

  if (!user) return <PageFrame title={t(titleKey)} />;

  const copyInvite = async () => {
    try {
      await navigator.clipboard.writeText(user.invite_code);
      showToast(t('profile.copied'), 'success');
    } catch {
      showToast(t('profile.copyFailed'));
    }
  };

  return (
    <PageFrame title={t(titleKey)} testId="profile-page">
      <AvatarUploader testId="profile-avatar-input">
        {(choose) => (
          <List className={styles.list}>
            <List.Item
              onClick={choose}
              extra={
                <span style={{ display: 'inline-flex', padding: '8px 0' }}>
                  <Avatar name={displayNameOf(user)} avatar={user.avatar} color={user.avatar_color} size={56} testId="profile-avatar" />
                </span>
              }
              data-testid="profile-avatar-row"
            >
              {t('profile.avatar')}
            </List.Item>
          </List>
        )}
      </AvatarUploader>

      {/* Starts again from the saved values whenever they change (loaded fresh, or saved). */}
      <ProfileForm key={[user.nickname, user.gender, user.signature, user.email, user.verified].join('\u0000')} user={user} />

      <List className={styles.list} style={{ marginTop: 8 }}>
        <List.Item extra={<span data-testid="profile-account">{user.account}</span>} onClick={() => navigate(Paths.secure)}>
          {t('profile.account')}
        </List.Item>
        <List.Item
          extra={<span data-testid="profile-invite-code">{user.invite_code || t('profile.none')}</span>}
          onClick={user.invite_code ? copyInvite : undefined}
          arrowIcon={false}
          description={user.invite_code ? t('profile.inviteHint') : undefined}
        >
          {t('profile.inviteCode')}
        </List.Item>
        <List.Item onClick={() => navigate(Paths.secure)} description={t('profile.securityHint')} data-testid="profile-secure">
          {t('profile.security')}
        </List.Item>
      </List>

      <MyQrCard />
    </PageFrame>
  );
}

function ProfileForm({ user }: { user: UserInfo }) {
  const { t } = useTranslation();
  const initial = { nickname: user.nickname, gender: user.gender || 'unknown', signature: user.signature ?? '', email: user.email ?? '' };
  const form = useZodForm(updateUserInfoBody, initial);
  const [saving, setSaving] = useState(false);
  const [verifying, setVerifying] = useState(false);
  const { values } = form;

  const changed: ProfilePatch = {};
  if (values.nickname.trim() !== user.nickname) changed.nickname = values.nickname;
  if (values.gender !== (user.gender || 'unknown')) changed.gender = values.gender as Gender;
  if (values.signature.trim() !== (user.signature ?? '')) changed.signature = values.signature;
  if (!user.verified && values.email.trim() !== (user.email ?? '')) changed.email = values.email;
  const dirty = Object.keys(changed).length > 0;

  const save = async () => {
    const body = form.validate();
    if (!body || !dirty) return;
    const patch: ProfilePatch = {};
    for (const key of Object.keys(changed) as (keyof ProfilePatch)[]) Object.assign(patch, { [key]: body[key] });
    setSaving(true);
    try {
      await updateMyInfo(patch);
    } catch {
      // the client already said why
    } finally {
      setSaving(false);
    }
  };

  const savedEmail = user.email ?? '';
  let emailHelp: ReactNode;
  if (user.verified) emailHelp = null;
  else if (savedEmail && values.email.trim() === savedEmail)
    emailHelp = (
      <>
        {t('profile.unverifiedHelp')}{' '}
        <button type="button" className={styles.linkButton} onClick={() => setVerifying(true)} data-testid="profile-verify">
          {t('profile.verifyNow')}
        </button>
      </>
    );
  else emailHelp = <span data-testid="profile-contact-admin">{t('profile.verifyImpossible')}</span>;

  return (
    <div className={styles.section} data-testid="profile-form">
      <FormField
        {...form.field('nickname')}
        label={t('profile.nickname')}
        maxLength={NICKNAME_MAX}
        testId="profile-nickname"
      />
      <div className={styles.field}>
        <div className={styles.row}>
          <span className={styles.label}>{t('profile.gender')}</span>
          <div className={styles.choices} role="radiogroup" aria-label={t('profile.gender')}>
            {GENDERS.map((g) => (
              <button
                key={g}
                type="button"
                role="radio"
                aria-checked={values.gender === g}
                className={values.gender === g ? `${styles.choice} ${styles.choiceOn}` : styles.choice}
                onClick={() => form.setField('gender', g)}
                data-testid={`profile-gender-${g}`}
              >
                {t(GENDER_LABEL[g])}
              </button>
            ))}
          </div>
        </div>
      </div>
      <FormField
        {...form.field('signature')}
        label={t('profile.signature')}
        maxLength={SIGNATURE_MAX}
        multiline
        placeholder={t('profile.signaturePlaceholder')}
        testId="profile-signature"
      />
      <FormField
        {...form.field('email')}
        label={t('profile.email')}
        type="email"
        inputMode="email"
        readOnly={user.verified}
        placeholder={t('profile.emailPlaceholder')}
        testId="profile-email"
        extra={
          user.verified ? (
            <span data-testid="profile-verified">
              <TagLabel color="blue">{t('profile.verified')}</TagLabel>
            </span>
          ) : (
            <TagLabel color="grey">{t('profile.unverified')}</TagLabel>
          )
        }
        help={emailHelp}
      />
      <div className={styles.submit}>
        <Button block color="primary" disabled={!dirty} loading={saving} onClick={save} data-testid="profile-save">
          {t('common.save')}
        </Button>
      </div>
      {savedEmail && !user.verified ? <EmailVerify email={savedEmail} open={verifying} onClose={() => setVerifying(false)} /> : null}
    </div>
  );
}
