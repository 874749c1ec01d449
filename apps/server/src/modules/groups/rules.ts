import { type GroupSetting, NoSpeak } from '@parley/protocol';

export { mayModerate, permissionsOf } from '@parley/protocol';

/**
 * Which setting keys need the owner: `manage` (who manages) and the owner-only speaking mode
 * (turning it on, or off again). Admins change the rest.
 */
export function ownerOnlySettingKeys(current: GroupSetting, patch: Partial<GroupSetting>): string[] {
  const keys: string[] = [];
  if (patch.manage !== undefined && patch.manage !== current.manage) keys.push('manage');
  if (
    patch.nospeak !== undefined &&
    patch.nospeak !== current.nospeak &&
    (patch.nospeak === NoSpeak.OWNER_ONLY || current.nospeak === NoSpeak.OWNER_ONLY)
  ) {
    keys.push('nospeak');
  }
  return keys;
}

/** A stored mute reads 0 once its time has passed. */
export function effectiveMute(muteUntil: number, now = Date.now()): number {
  return muteUntil > now ? muteUntil : 0;
}
