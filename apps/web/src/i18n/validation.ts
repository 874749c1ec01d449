import i18n, { t } from './index.ts';
import { matchServerMessage } from './serverMessages.ts';

/** `t` with a key the table has already checked against en.json and free-form values. */
const translate = t as unknown as (key: string, values?: Record<string, string | number>) => string;

/**
 * The server (and the protocol's validation) sends English texts; known ones are shown in the user's
 * language (see serverMessages.ts), anything else as it came.
 */
export function localizeMessage(message: string): string {
  const match = matchServerMessage(message);
  return match ? translate(match.key, match.values) : message;
}

/** A refusal in the user's language: by its stable `key` (`serverErrors.<key>`), else by its text. */
export function localizeRefusal(answer: { msg?: string; key?: string; params?: Record<string, string | number> }): string {
  const path = answer.key ? `serverErrors.${answer.key}` : undefined;
  if (path && i18n.exists(path)) return translate(path, answer.params);
  return localizeMessage(answer.msg ?? '');
}
