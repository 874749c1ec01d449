import { APP_VERSION, APP_VERSION_CODE } from '@parley/protocol';
import { List } from 'antd-mobile';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from '../../i18n/index.ts';
import { useNavigate } from '../../router/hashRouter.tsx';
import { checkVersion } from '../../api/system.ts';
import { AppLogo } from '../../components/AppLogo.tsx';
import { showAlert, showToast } from '../../components/feedback.tsx';
import { PageFrame } from '../../components/PageFrame.tsx';
import type { PageProps } from '../../router/pageProps.ts';
import { useSession } from '../../stores/session.ts';
import { Paths } from '../../paths.ts';

/** About: app name, version 5.5.1 and build 20250606, and the update check. */
export default function AboutPage({ titleKey }: PageProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const siteName = useSession((s) => s.globalConfig.sysInfo.siteName) || t('common.appName');
  const check = useMutation({
    mutationFn: checkVersion,
    onSuccess: (answer) => {
      if (answer.hasUpdate) void showAlert({ content: t('about.hasUpdate', { version: answer.version }) });
      else showToast(t('about.noUpdate'));
    },
  });

  return (
    <PageFrame title={t(titleKey)} testId="about-page">
      <div style={{ display: 'flex', flexDirection: 'column', alignItems: 'center', padding: '48px 0 40px' }}>
        <AppLogo size={72} />
        <h2 style={{ margin: '16px 0 6px', fontSize: 20, fontWeight: 600 }}>{siteName}</h2>
        <p style={{ margin: 0, color: 'var(--text-secondary)', fontSize: 14 }} data-testid="about-version">
          {t('about.version', { version: APP_VERSION })}
        </p>
        <p style={{ margin: '4px 0 0', color: 'var(--text-weak)', fontSize: 12 }} data-testid="about-version-code">
          {t('about.versionCode', { code: APP_VERSION_CODE })}
        </p>
      </div>
      <List>
        <List.Item onClick={() => check.isPending || check.mutate()} extra={check.isPending ? t('common.loading') : null} data-testid="about-check-update">
          {t('about.checkUpdate')}
        </List.Item>
        <List.Item onClick={() => navigate(Paths.doc)} data-testid="about-help">
          {t('about.help')}
        </List.Item>
      </List>
    </PageFrame>
  );
}
