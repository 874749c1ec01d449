import { showToast } from '../../../components/feedback.tsx';
import { t } from '../../../i18n/index.ts';
import type { ApiError } from '../../../api/client.ts';

/** The server's group refusals (docs/api/groups.md) in the user's language; others as they came. */
const KNOWN: Record<string, () => string> = {
  'This group QR code has expired': () => t('groups.err.qrExpired'),
  'This QR code has expired': () => t('groups.err.qrExpired'),
  'This QR code is not valid': () => t('groups.err.qrInvalid'),
  'This is not a group QR code': () => t('groups.err.qrNotGroup'),
  'Invitations are turned off in this group: ask the owner or an admin to add you.': () => t('groups.err.inviteOff'),
  'Invitations are turned off in this group: only the owner and admins can share its QR code.': () =>
    t('groups.err.qrInviteOff'),
  'This group has been dissolved.': () => t('groups.err.dissolved'),
  'This group no longer exists.': () => t('groups.err.dissolved'),
  'This group does not exist.': () => t('groups.err.notFound'),
  'You are not a member of this group.': () => t('groups.err.notMember'),
  'The group owner has hidden the member list of this group.': () => t('groups.membersHidden'),
  'Admins can only mute or remove plain members. Ask the group owner.': () => t('groups.err.adminLimit'),
  'Everyone you picked is already in this group.': () => t('groups.err.alreadyIn'),
  'Pick a time in the future, or 0 to unmute.': () => t('groups.err.muteFuture'),
  'Transfer ownership before leaving, or dissolve the group': () => t('groups.err.ownerLeave'),
  'Group name cannot be empty': () => t('groups.nameEmpty'),
};

export function localizeGroupMessage(message: string): string {
  return KNOWN[message]?.() ?? message;
}

/** The text to show for a failed group call, or '' when nothing should be shown (cancelled, session gone). */
export function groupErrorText(error: unknown): string {
  const failure = error as Partial<ApiError>;
  if (failure.reason === 'aborted' || failure.reason === 'session') return '';
  return localizeGroupMessage(failure.message ?? String(error));
}

/**
 * Runs a group call made with `{silent: true}` and toasts its refusal in the user's language.
 * Resolves with the answer, or null when it failed.
 */
export async function runGroupCall<T>(call: Promise<T>): Promise<T | null> {
  try {
    return await call;
  } catch (error) {
    const text = groupErrorText(error);
    if (text) showToast(text);
    return null;
  }
}
