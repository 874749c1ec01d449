import { canSpeakInGroup, GROUP_SPEAK_MSG, MESSAGE_MSG } from '@parley/protocol';
import type { AppContext } from '../../context.ts';
import { fail } from '../../domainError.ts';
import type { ContactRef } from '../conversations/scope.ts';
import type { SystemService } from '../system/service.ts';
import { userExists } from '../users/directory.ts';

/** Where a user may send: checked once per send or forward target. */
export type Target =
  | { kind: 'private'; userId: number }
  | { kind: 'group'; groupId: number; role: number };

function formatUntil(ms: number): string {
  return `${new Date(ms).toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}

/** Who may send where: a group I am in and may speak in, or a friend (unless private chat is off), or myself. */
export function targetChecker(ctx: AppContext, system: SystemService) {
  async function checkTarget(me: number, ref: ContactRef): Promise<Target> {
    if (ref.kind === 'system') throw fail('messages.systemContact');
    if (ref.kind === 'group') {
      const [group, member] = await Promise.all([ctx.groups.group(ref.groupId), ctx.groups.member(ref.groupId, me)]);
      if (!group) throw fail('conversations.unknownContact');
      if (group.removed) throw fail('groups.gone');
      if (!member) throw fail('groups.notMember');
      const verdict = canSpeakInGroup(member.role, group.setting, Number(member.muteUntil));
      if (!verdict.ok) {
        const key = GROUP_SPEAK_MSG[verdict.reason];
        throw key === 'messages.memberMuted' ? fail(key, { until: formatUntil(verdict.until ?? Date.now()) }) : fail(key);
      }
      return { kind: 'group', groupId: ref.groupId, role: member.role };
    }
    const to = ref.userId;
    if (to === me) return { kind: 'private', userId: me };
    if ((await system.sysInfo()).disablePrivateChat) throw fail(MESSAGE_MSG.privateChatDisabled);
    if (!(await ctx.friends.mutual(me, to))) {
      if (!(await userExists(ctx.db, to))) throw fail('conversations.unknownContact');
      throw fail('messages.notFriends');
    }
    return { kind: 'private', userId: to };
  }
  return checkTarget;
}

export type CheckTarget = ReturnType<typeof targetChecker>;
