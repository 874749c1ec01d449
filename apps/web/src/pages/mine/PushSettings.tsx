import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { List, Switch, Toast } from 'antd-mobile';
import '../../components/antdRender.ts';
import { useTranslation } from '../../i18n/index.ts';
import { api } from '../../api/client.ts';
import { disablePush, enablePush, pushEnabled, pushSupport } from '../../pwa/webPush.ts';

const PUSH_KEY = ['webPush', 'device'] as const;
const PREVIEW_KEY = ['webPush', 'settings'] as const;

/** Settings → notifications when Parley is closed (Web Push on this device) and whether they show the text. */
export function PushSettings() {
  const { t } = useTranslation();
  const client = useQueryClient();
  const supported = pushSupport() === 'supported';
  const device = useQuery({ queryKey: PUSH_KEY, queryFn: pushEnabled, enabled: supported });
  const settings = useQuery({ queryKey: PREVIEW_KEY, queryFn: () => api.call('webPushSettings', {}) });
  const toggle = useMutation({
    mutationFn: async (on: boolean) => (on ? enablePush() : disablePush().then(() => 'off' as const)),
    onSuccess: (outcome) => {
      if (outcome === 'denied') Toast.show({ content: t('pwa.pushDenied') });
      if (outcome === 'on') Toast.show({ content: t('pwa.pushOn') });
    },
    onError: () => Toast.show({ content: t('pwa.pushFailed') }),
    onSettled: () => client.invalidateQueries({ queryKey: PUSH_KEY }),
  });
  const preview = useMutation({
    mutationFn: (on: boolean) => api.call('webPushSetPreview', { preview: on ? 1 : 0 }),
    onSuccess: (data) => client.setQueryData(PREVIEW_KEY, data),
  });
  return (
    <>
      <List.Item
        description={supported ? undefined : t('pwa.pushUnsupported')}
        extra={
          <Switch
            checked={device.data === true}
            disabled={!supported}
            loading={toggle.isPending}
            onChange={(on) => toggle.mutate(on)}
            data-testid="setting-push"
          />
        }
      >
        {t('pwa.push')}
      </List.Item>
      <List.Item
        extra={
          <Switch
            checked={(settings.data?.preview ?? 1) === 1}
            loading={preview.isPending}
            disabled={!settings.data}
            onChange={(on) => preview.mutate(on)}
            data-testid="setting-push-preview"
          />
        }
      >
        {t('pwa.preview')}
      </List.Item>
    </>
  );
}
