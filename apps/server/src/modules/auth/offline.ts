import { type ErrorKey, errorText, type PushData } from '@parley/protocol';

/** The `offline` push of a session ended elsewhere: its English text and the key clients translate. */
export function offlineNotice(key: ErrorKey): PushData<'offline'> {
  return { msg: errorText(key), key };
}
