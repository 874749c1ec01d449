import { List, Switch } from 'antd-mobile';
import { useNavigate } from '../../router/hashRouter.tsx';
import { PageFrame } from '../../components/PageFrame.tsx';
import { currentLanguage, useTranslation } from '../../i18n/index.ts';
import { languageOf } from '../../i18n/languages.ts';
import type { PageProps } from '../../router/pageProps.ts';
import { type AppSetting, useSession } from '../../stores/session.ts';
import { Paths } from '../../paths.ts';
import { PushSettings } from './PushSettings.tsx';

const LANGUAGE_PATH = Paths.language;

function SettingSwitch({ field, testId }: { field: keyof AppSetting; testId: string }) {
  const value = useSession((s) => s.appSetting[field]);
  const setAppSetting = useSession((s) => s.setAppSetting);
  return <Switch checked={value} onChange={(checked) => setAppSetting({ [field]: checked })} data-testid={testId} />;
}

/** General settings: alerts and display preferences kept in appSetting, and the language. */
export default function SettingPage({ titleKey }: PageProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <PageFrame title={t(titleKey)} testId="setting-page">
      <List header={t('settings.notifications')}>
        <List.Item extra={<SettingSwitch field="voiceStatus" testId="setting-voice" />}>{t('settings.voice')}</List.Item>
        <List.Item extra={<SettingSwitch field="vibrateStatus" testId="setting-vibrate" />}>{t('settings.vibrate')}</List.Item>
        <PushSettings />
      </List>
      <List header={t('settings.display')}>
        <List.Item extra={<SettingSwitch field="circleAvatar" testId="setting-circle-avatar" />}>
          {t('settings.circleAvatar')}
        </List.Item>
        <List.Item extra={languageOf(currentLanguage).nativeName} onClick={() => navigate(LANGUAGE_PATH)} data-testid="setting-language">
          {t('settings.language')}
        </List.Item>
      </List>
    </PageFrame>
  );
}
