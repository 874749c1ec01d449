import {
  groupContactId,
  type GroupSetting,
  maySetSwitch,
  type SwitchKey,
  switchPatch,
  switchValue,
  visibleSwitches,
} from '@parley/protocol';
import { List, Switch } from 'antd-mobile';
import { useTranslation } from '../../../i18n/index.ts';
import { setGroupSetting } from '../../../api/groups.ts';
import { applyGroupPush } from '../../../stores/groups.ts';
import { runGroupCall } from './groupCall.ts';

export interface GroupSwitchesProps {
  groupId: number;
  role: number;
  setting: GroupSetting;
}

/** The group switches (spec §6) for the owner and admins; each flips at once on the server. */
export function GroupSwitches({ groupId, role, setting }: GroupSwitchesProps) {
  const { t } = useTranslation();
  const keys = visibleSwitches(role);
  if (keys.length === 0) return null;

  const flip = async (key: SwitchKey, on: boolean) => {
    const answer = await runGroupCall(setGroupSetting(groupId, switchPatch(key, on)));
    if (answer) applyGroupPush.groupSetting({ ...answer, id: groupContactId(groupId) });
  };

  const hint = (key: SwitchKey): string | undefined => {
    if (key === 'muteAll' && switchValue(setting, 'muteAll')) return t('groups.switchHint.muteAll');
    if (!maySetSwitch(role, setting, key)) return t('groups.switchHint.ownerOnlyLocked');
    return undefined;
  };

  return (
    <List header={t('groups.manageHeader')} data-testid="group-switches">
      {keys.map((key) => (
        <List.Item
          key={key}
          description={hint(key)}
          extra={
            <Switch
              checked={switchValue(setting, key)}
              disabled={!maySetSwitch(role, setting, key)}
              onChange={(on) => flip(key, on)}
              data-testid={`group-switch-${key}`}
              aria-label={t(`groups.switch.${key}`)}
            />
          }
        >
          {t(`groups.switch.${key}`)}
        </List.Item>
      ))}
    </List>
  );
}
