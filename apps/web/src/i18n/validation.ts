import { ValidationMsg } from '@parley/protocol';
import { t } from './index.ts';

type ValidationKey = keyof typeof ValidationMsg;

const keyByMessage = new Map<string, ValidationKey>(
  (Object.entries(ValidationMsg) as [ValidationKey, string][]).map(([key, message]) => [message, key]),
);

/**
 * The protocol's validation messages are English texts that double as keys; the server sends
 * them too. Known ones are shown in the user's language, anything else as it came.
 */
export function localizeMessage(message: string): string {
  const key = keyByMessage.get(message);
  return key ? t(`validation.${key}`) : message;
}
