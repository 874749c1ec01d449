import type { AppContext } from '../../context.ts';
import type { SystemService } from '../system/service.ts';
import { groupJoining } from './joining.ts';
import { groupKit } from './kit.ts';
import { groupLifecycle } from './lifecycle.ts';
import { groupMembers } from './members.ts';
import { groupReading } from './reading.ts';

export type { MemberPage } from './kit.ts';

/** The groups domain's endpoints, by concern; they share `kit.ts`. */
export function groupService(ctx: AppContext, system: SystemService) {
  const kit = groupKit(ctx, system);
  return {
    loadMembership: kit.loadMembership,
    ...groupLifecycle(kit),
    ...groupReading(kit),
    ...groupMembers(kit),
    ...groupJoining(kit),
  };
}

export type GroupService = ReturnType<typeof groupService>;
