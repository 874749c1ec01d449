import { t } from './index.ts';
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
