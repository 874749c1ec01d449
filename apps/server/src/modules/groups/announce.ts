import { groupContactId } from '@parley/protocol';
import type { AppContext } from '../../context.ts';
import { postMessage } from '../messages/deliver.ts';

/**
 * What happened, carried in the event message's `extends` so that clients can word it in their
 * language; `content` is the English sentence for anything that shows it as is. `names` are the
 * display names of `user_ids` (same order), so that a client needs no lookup to word it.
 */
export type GroupEventInfo =
  | { action: 'create'; user_ids: number[]; names: string[] }
  | { action: 'invite'; user_ids: number[]; names: string[] }
  | { action: 'join'; via: 'qrcode' }
  | { action: 'leave' }
  | { action: 'remove'; user_ids: number[]; names: string[] }
  | { action: 'rename'; name: string }
  | { action: 'notice'; cleared: 0 | 1 }
  | { action: 'nospeak'; nospeak: number }
  | { action: 'owner'; user_ids: number[]; names: string[] }
  | { action: 'admin'; user_ids: number[]; names: string[]; role: number };

/** The whole `extends` of a group event message: the info plus who did it (`by`, `by_name`). */
export type GroupEventExtends = { event: 'group'; by: number; by_name: string } & GroupEventInfo;

export function groupEventExtends(by: number, byName: string, info: GroupEventInfo): GroupEventExtends {
  return { event: 'group', by, by_name: byName, ...info };
}

/**
 * Posts an `event` message into the group chat (stored once, fanned out to the members). The
 * group change it reports is already committed: a failure here is logged, not answered.
 */
export async function announce(
  ctx: AppContext,
  groupId: number,
  fromUser: number,
  byName: string,
  content: string,
  info: GroupEventInfo,
): Promise<void> {
  const ext = groupEventExtends(fromUser, byName, info);
  try {
    await postMessage(ctx, {
      fromUser,
      toContactId: groupContactId(groupId),
      isGroup: true,
      type: 'event',
      content,
      extends: ext,
    });
  } catch (err) {
    ctx.log.warn({ err, groupId }, 'group event message not posted');
  }
}
