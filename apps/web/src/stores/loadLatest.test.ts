import { describe, expect, it, vi } from 'vitest';
import type { MessageListQuery, MessagePage } from '../api/messages.ts';
import { FRESH_LATEST_MS, useMessages } from './messages.ts';

// The HTTP client needs a browser: the store's calls go to this stand-in.
const server = vi.hoisted(() => ({ calls: [] as MessageListQuery[], answer: (_q: MessageListQuery): Promise<MessagePage> => new Promise(() => undefined) }));
vi.mock('../api/messages.ts', () => ({
  getMessageList: (q: MessageListQuery) => {
    server.calls.push(q);
    return server.answer(q);
  },
  sendMessage: () => new Promise(() => undefined),
}));
vi.mock('../api/client.ts', () => ({ ApiError: class ApiError extends Error {} }));
vi.mock('../api/uploads.ts', () => ({ uploadFile: () => new Promise(() => undefined) }));
vi.mock('../realtime/socket.ts', () => ({ onSocketState: () => () => undefined, onPush: () => () => undefined }));

describe('loadLatest', () => {
  it('a chat opened while its tap already asked for the newest page shares that request and its failure', async () => {
    let fail: (error: Error) => void = () => undefined;
    server.answer = () => new Promise((_resolve, reject) => (fail = reject));
    const tap = useMessages.getState().loadLatest('42', false);
    const screen = useMessages.getState().loadLatest('42', false);
    expect(server.calls).toHaveLength(1);
    fail(new Error('network'));
    await expect(tap).rejects.toThrow('network');
    await expect(screen).rejects.toThrow('network');
    expect(useMessages.getState().byContact['42']?.loading).toBe(false);
  });

  it('a chat opened just after its newest page came in (asked for at the tap) asks nothing more; later it reconciles', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      server.calls.length = 0;
      server.answer = async () => ({ items: [{ msg_id: 7, id: 'm7', sendTime: 1 }] as never[], count: 1 });
      await useMessages.getState().loadLatest('44', false);
      expect(server.calls).toHaveLength(1);
      await useMessages.getState().loadLatest('44', false);
      expect(server.calls).toHaveLength(1);
      vi.setSystemTime(Date.now() + FRESH_LATEST_MS + 1);
      await useMessages.getState().loadLatest('44', false);
      expect(server.calls.length).toBeGreaterThan(1);
    } finally {
      vi.useRealTimers();
    }
  });

  it('the copy kept on the device, read after the chat was opened, is shown while its fetch is on its way, but never over messages already here', () => {
    server.answer = () => new Promise(() => undefined);
    void useMessages.getState().loadLatest('43', false);
    const kept = { items: [{ msg_id: 5, id: 'k5' }] as never[], hasOlder: true, syncedMsgId: 5 };
    useMessages.getState().restoreThread('43', kept);
    expect(useMessages.getState().byContact['43']).toMatchObject({ items: kept.items, loading: true, loaded: false });
    useMessages.getState().restoreThread('43', { ...kept, items: [] });
    expect(useMessages.getState().byContact['43']?.items).toEqual(kept.items);
  });
});
