import { describe, expect, it } from 'vitest';
import type { ChatItem } from '../stores/messageList.ts';
import { THREAD_KEEP, threadToKeep } from './chatCache.ts';

const item = (msgId: number, status?: 'sending' | 'failed'): ChatItem => ({ msg_id: msgId, id: `c${msgId}`, status }) as unknown as ChatItem;

describe('threadToKeep', () => {
  it('keeps the newest stored messages, never the ones still being sent, and says when older ones were left out', () => {
    const items = [...Array.from({ length: THREAD_KEEP + 5 }, (_, i) => item(i + 1)), item(0, 'sending'), item(0, 'failed')];
    const kept = threadToKeep({ items, hasOlder: false, loading: false, loaded: true, syncedMsgId: THREAD_KEEP + 5 });
    expect(kept.items.map((m) => m.msg_id)).toEqual(Array.from({ length: THREAD_KEEP }, (_, i) => i + 6));
    expect(kept).toMatchObject({ hasOlder: true, syncedMsgId: THREAD_KEEP + 5 });
    const short = threadToKeep({ items: [item(1), item(2)], hasOlder: false, loading: false, loaded: true, syncedMsgId: 2 });
    expect(short.hasOlder).toBe(false);
  });
});
