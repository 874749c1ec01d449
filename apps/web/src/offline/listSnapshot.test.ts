import { describe, expect, it } from 'vitest';
import { normalizeContact } from '../stores/conversationList.ts';
import { listOfSnapshot, SNAPSHOT_ROWS, snapshotOf } from './listSnapshot.ts';

const row = (id: number, lastSendTime: number) => normalizeContact({ id, displayName: `c${id}`, lastContent: lastSendTime ? 'hi' : '', lastSendTime });

describe('the chat list snapshot', () => {
  it('keeps the first screen of shown rows, and gives it back only to its own user', () => {
    const contacts = [row(1, 0), ...Array.from({ length: SNAPSHOT_ROWS + 5 }, (_, i) => row(i + 2, 1000 - i))];
    const saved = JSON.parse(JSON.stringify(snapshotOf('7', { contacts, systemUnread: 3 })));
    const restored = listOfSnapshot(saved, '7');
    expect(restored?.contacts.map((c) => c.id)).toEqual(Array.from({ length: SNAPSHOT_ROWS }, (_, i) => i + 2));
    expect(restored?.systemUnread).toBe(3);
    expect(listOfSnapshot(saved, '8')).toBeUndefined();
    expect(listOfSnapshot(saved, '')).toBeUndefined();
  });

  it('gives nothing back for an empty or malformed one', () => {
    expect(listOfSnapshot(null, '7')).toBeUndefined();
    expect(listOfSnapshot('{broken', '7')).toBeUndefined();
    expect(listOfSnapshot({ userId: '7', contacts: 'x' }, '7')).toBeUndefined();
    expect(listOfSnapshot(snapshotOf('7', { contacts: [], systemUnread: 0 }), '7')).toBeUndefined();
  });
});
