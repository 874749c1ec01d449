import { groupContactId } from '@parley/protocol';
import type { AppContext } from '../../context.ts';
import { postMessage } from '../messages/deliver.ts';

/**
 * What happened, carried in the event message's `extends` so that clients can word it in their
 * language; `content` is the English sentence for anything that shows it as is.
 */
export type GroupEventInfo =
  | { action: 'create'; user_ids: number[] }
  | { action: 'invite'; user_ids: number[] }
  | { action: 'join'; via: 'qrcode' }
  | { action: 'leave' }
  | { action: 'remove'; user_ids: number[] }
  | { action: 'rename'; name: string }
  | { action: 'notice' }
  | { action: 'nospeak'; nospeak: number }
  | { action: 'owner'; user_ids: number[] }
  | { action: 'admin'; user_ids: number[]; role: number };

/**
 * Posts an `event` message into the group chat (stored once, fanned out to the members). The
 * group change it reports is already committed: a failure here is logged, not answered.
 */
export async function announce(
  ctx: AppContext,
  groupId: number,
  fromUser: number,
  content: string,
  info: GroupEventInfo,
): Promise<void> {
  try {
    await postMessage(ctx, {
      fromUser,
      toContactId: groupContactId(groupId),
      isGroup: true,
      type: 'event',
      content,
      extends: { event: 'group', by: fromUser, ...info },
    });
  } catch (err) {
    ctx.log.warn({ err, groupId }, 'group event message not posted');
  }
}
