import { Input } from 'antd-mobile';
import { askConfirm } from '../../../components/feedback.tsx';
import { joinNames } from '../../../i18n/eventText.ts';
import { t } from '../../../i18n/index.ts';
import type { PickedTarget } from '../../../stores/userPicker.ts';

const SHOWN_NAMES = 3;

/**
 * "Send to Bob, Carol?" with an optional message to go along (WeChat's forward sheet).
 * Resolves with the message ('' for none), or null when cancelled.
 */
export async function confirmForward(targets: readonly PickedTarget[]): Promise<string | null> {
  let note = '';
  const names = targets.map((x) => x.displayName);
  const shown = names.length > SHOWN_NAMES ? `${names.slice(0, SHOWN_NAMES).join(t('events.listSep'))}…` : joinNames(names, t);
  const ok = await askConfirm({
    title: t('chat.forward.confirmTitle', { names: shown }),
    content: (
      <Input
        placeholder={t('chat.forward.notePlaceholder')}
        maxLength={200}
        onChange={(value) => {
          note = value;
        }}
        data-testid="forward-note"
      />
    ),
    confirmText: t('chat.send'),
  });
  return ok ? note.trim() : null;
}
