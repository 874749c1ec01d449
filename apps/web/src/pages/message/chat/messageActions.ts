import { FORWARD_MAX_TARGETS } from '@parley/protocol';
import { ApiError, api } from '../../../api/client.ts';
import { queryClient } from '../../../api/queryClient.ts';
import { delMessage, forwardMessage, undoMessage } from '../../../api/messages.ts';
import { askConfirm, showToast } from '../../../components/feedback.tsx';
import { currentLanguage, t } from '../../../i18n/index.ts';
import { type ChatItem, isPending } from '../../../stores/messageList.ts';
import { useMessageExtras } from '../../../stores/messageExtras.ts';
import { useComposer } from '../../../stores/composer.ts';
import { useMessages } from '../../../stores/messages.ts';
import { useConversations } from '../../../stores/conversations.ts';
import { FAVORITES_KEY, STICKERS_KEY } from '../../../stores/favorites.ts';
import { pickUsers } from '../../../stores/userPicker.ts';
import { confirmForward } from './forwardConfirm.tsx';
import { canForward } from './messageRules.ts';

/** What the long-press menu and the multi-select bar do with messages. */

export async function copyText(text: string): Promise<void> {
  try {
    if (!navigator.clipboard?.writeText) throw new Error('no clipboard');
    await navigator.clipboard.writeText(text);
    showToast(t('chat.menu.copied'), 'success');
  } catch {
    showToast(t('chat.menu.copyFailed'));
  }
}

/** Picks up to 9 people or groups and forwards; `merge` sends one chat-history message per target. */
export async function forwardMessages(messages: readonly ChatItem[], merge: boolean): Promise<boolean> {
  const ids = messages.filter(canForward).map((m) => m.msg_id);
  if (ids.length === 0) return false;
  const targets = await pickUsers({ max: FORWARD_MAX_TARGETS, includeGroups: true, recentFirst: true, titleKey: 'chat.forward.pickTitle' });
  if (!targets || targets.length === 0) return false;
  if (targets.length > FORWARD_MAX_TARGETS) {
    showToast(t('chat.forward.tooMany'));
    return false;
  }
  const note = await confirmForward(targets);
  if (note === null) return false;
  try {
    const made = await forwardMessage({
      ...(ids.length === 1 ? { msg_id: ids[0] } : { msg_ids: ids }),
      user_ids: targets.map((x) => x.id),
      merge: merge ? 1 : 0,
    });
    const store = useMessages.getState();
    for (const m of made) store.ingest(m);
    // the message that goes along, after what was forwarded
    if (note) for (const x of targets) await store.send(String(x.id), x.is_group === 1, { type: 'text', content: note });
    showToast(t('chat.forward.done'), 'success');
    return true;
  } catch {
    return false;
  }
}

/** "Favorite" in the long-press menu: kept (once) in my favorites. */
export async function keepMessage(m: ChatItem): Promise<void> {
  try {
    await api.call('favoriteAdd', { msg_id: m.msg_id });
    void queryClient.invalidateQueries({ queryKey: FAVORITES_KEY });
    showToast(t('favorites.added'), 'success');
  } catch {
    // the client has shown the refusal
  }
}

/** "Add to stickers" on a picture: it goes to the front of my stickers. */
export async function addSticker(m: ChatItem): Promise<void> {
  if (!m.file?.id) return;
  try {
    queryClient.setQueryData(STICKERS_KEY, await api.call('emojiAdd', { file_id: m.file.id }));
    showToast(t('favorites.stickerAdded'), 'success');
  } catch {
    // the client has shown the refusal
  }
}

export async function recallMessage(m: ChatItem): Promise<void> {
  // my own text can be written again for a while ("Re-edit" on the recall notice)
  if (m.type === 'text') useComposer.getState().rememberRecalled(m.msg_id, m.content);
  try {
    const recalled = await undoMessage(m.msg_id);
    useMessages.getState().applyUndo({ msg_id: recalled.msg_id || m.msg_id });
    // the push of the recall skips this device: its chat list row is told here
    useConversations.getState().applyUndo({ ...recalled, msg_id: recalled.msg_id || m.msg_id });
  } catch {
    /* the client showed the server's reason */
  }
}

/** Deletes for me after a confirmation; local (unsent) messages just go away. */
export async function deleteMessages(messages: readonly ChatItem[]): Promise<boolean> {
  if (messages.length === 0) return false;
  const ok = await askConfirm({ content: t('chat.menu.deleteConfirm', { count: messages.length }), confirmText: t('chat.menu.delete'), danger: true });
  if (!ok) return false;
  const store = useMessages.getState();
  const deleted = new Set<number>();
  try {
    for (const m of messages) {
      if (isPending(m)) {
        store.remove(m.id);
        continue;
      }
      try {
        await delMessage(m.msg_id);
        store.remove(m.msg_id);
        deleted.add(m.msg_id);
      } catch {
        return false;
      }
    }
    return true;
  } finally {
    // a chat's last message gone: its row shows the one before, as the server now words it
    if (useConversations.getState().contacts.some((c) => deleted.has(c.last_msg_id))) void useConversations.getState().load();
  }
}

/** The server's reason when it refused; else (network, timeout) the spec's failure text. */
function engineFailureText(err: unknown, fallback: 'translateFailed' | 'transcribeFailed'): string {
  if (err instanceof ApiError && err.reason === 'refused' && err.message) return err.message;
  return t(`serverErrors.translate.${fallback}`);
}

/** Shows the translation into my language under the message; on failure says so and the original stays. */
export async function translateMessage(m: ChatItem): Promise<void> {
  try {
    await useMessageExtras.getState().translate(m.msg_id, currentLanguage);
  } catch (err) {
    if (!(err instanceof ApiError && err.reason === 'session')) showToast(engineFailureText(err, 'translateFailed'));
  }
}

/** Shows a voice message's text under its bubble. */
export async function transcribeVoice(m: ChatItem): Promise<void> {
  try {
    await useMessageExtras.getState().transcribe(m.msg_id);
  } catch (err) {
    if (!(err instanceof ApiError && err.reason === 'session')) showToast(engineFailureText(err, 'transcribeFailed'));
  }
}
