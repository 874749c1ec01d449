import { type GroupPermissions, GroupRole, type GroupSetting } from '../api/groups.ts';

/**
 * What a member of `role` may do under `setting` (spec §6; decisions in docs/api/groups.md): the
 * server enforces it, the web shows only the controls it allows.
 */
export function permissionsOf(role: number, setting: GroupSetting): GroupPermissions {
  const owner = role === GroupRole.OWNER;
  const staff = owner || role === GroupRole.ADMIN;
  const managers = staff || setting.manage === 0;
  return {
    rename: managers,
    notice: managers,
    invite: staff || setting.invite === 1,
    setting: staff,
    ownerSetting: owner,
    setManager: owner,
    changeOwner: owner,
    moderate: owner ? 'all' : staff ? 'members' : 'none',
    dissolve: owner,
    clearForAll: owner,
    atAll: staff,
    viewMembers: staff || setting.hideMembers === 0,
    leave: !owner,
  };
}

/** Whether an actor may mute or remove a target: the owner anyone but themself, an admin plain members. */
export function mayModerate(actorRole: number, targetRole: number): boolean {
  if (actorRole === GroupRole.OWNER) return targetRole !== GroupRole.OWNER;
  if (actorRole === GroupRole.ADMIN) return targetRole === GroupRole.MEMBER;
  return false;
}
