import { showToast } from '../../../components/feedback.tsx';
import type { ApiError } from '../../../api/client.ts';

/** The text to show for a failed group call, or '' when nothing should be shown (cancelled, session gone). */
export function groupErrorText(error: unknown): string {
  const failure = error as Partial<ApiError>;
  if (failure.reason === 'aborted' || failure.reason === 'session') return '';
  // the client already put the refusal in the user's language (by its key)
  return failure.message ?? String(error);
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
