import { type ErrorDef, type ErrorParams, errors, isErrorKey } from '@parley/protocol';
import i18n, { t } from './index.ts';

/** `t` with a key checked by `i18n.exists` and free-form values. */
const translate = t as unknown as (key: string, values?: Record<string, string | number>) => string;

const pad = (n: number) => String(n).padStart(2, '0');

/** A time the server words as 'YYYY-MM-DD HH:mm UTC' (a mute's end), shown in the reader's local time. */
function localTime(utc: string): string {
  const match = /^(\d{4}-\d{2}-\d{2}) (\d{2}:\d{2}) UTC$/.exec(utc);
  const date = match ? new Date(`${match[1]}T${match[2]}:00Z`) : new Date(Number.NaN);
  if (Number.isNaN(date.getTime())) return utc;
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())} ${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/**
 * A refusal (or success toast) in the user's language, by its stable `key` (`serverErrors.<key>` of the
 * locale files) with its params; without a known key, the server's `msg` as it came. Never by `msg` text.
 */
export function localizeRefusal(answer: { msg?: string; key?: string; params?: ErrorParams }): string {
  const key = answer.key;
  const path = key ? `serverErrors.${key}` : undefined;
  if (!key || !path || !i18n.exists(path)) return answer.msg ?? '';
  const defaults = isErrorKey(key) ? (errors[key] as ErrorDef).params : undefined;
  const values: ErrorParams = { ...defaults, ...answer.params };
  if (typeof values.until === 'string') values.until = localTime(values.until);
  // plural keys (`_one`/`_other`) are chosen by `count`
  return translate(path, values);
}

/**
 * A message of the protocol's zod schemas and rules (form validation): those are keys of the error
 * table, shown in the user's language; any other text is shown as it is.
 */
export function localizeMessage(message: string): string {
  return isErrorKey(message) ? localizeRefusal({ key: message, msg: message }) : message;
}
