import { describe, expect, it } from 'vitest';
import { addToOutbox, clearOutbox, loadOutbox, type OutboxEntry, type OutboxStorage, outboxKey, removeFromOutbox, saveOutbox } from './outbox.ts';

function memoryStorage(): OutboxStorage & { data: Map<string, string> } {
  const data = new Map<string, string>();
  return {
    data,
    getItem: (key) => data.get(key) ?? null,
    setItem: (key, value) => {
      data.set(key, String(value));
    },
    removeItem: (key) => {
      data.delete(key);
    },
  };
}

function entry(id: string, over: Partial<OutboxEntry> = {}): OutboxEntry {
  return { id, contactId: '2', isGroup: false, type: 'text', content: `hello ${id}`, sentAt: 1_700_000_000, ...over };
}

describe('outbox', () => {
  it('is empty when nothing is stored, or without a user', () => {
    const storage = memoryStorage();
    expect(loadOutbox(1, storage)).toEqual([]);
    addToOutbox(0, entry('a'), storage);
    expect(storage.data.size).toBe(0);
    expect(loadOutbox(1, null)).toEqual([]);
  });

  it('keeps entries per user under outbox:<userId>, in the order they were added', () => {
    const storage = memoryStorage();
    addToOutbox(1, entry('a'), storage);
    addToOutbox(1, entry('b', { contactId: 'group-7', isGroup: true, at: [3], extends: { x: 1 } }), storage);
    addToOutbox(2, entry('c'), storage);
    expect(loadOutbox(1, storage).map((e) => e.id)).toEqual(['a', 'b']);
    expect(loadOutbox(1, storage)[1]).toEqual(entry('b', { contactId: 'group-7', isGroup: true, at: [3], extends: { x: 1 } }));
    expect(loadOutbox(2, storage).map((e) => e.id)).toEqual(['c']);
    expect(storage.data.has(outboxKey(1))).toBe(true);
    expect(outboxKey(1)).toBe('outbox:1');
  });

  it('replaces an entry with the same id in place (e.g. once its file is uploaded)', () => {
    const storage = memoryStorage();
    addToOutbox(1, entry('a'), storage);
    addToOutbox(1, entry('b'), storage);
    addToOutbox(1, entry('a', { type: 'image', fileId: 9, content: undefined }), storage);
    const entries = loadOutbox(1, storage);
    expect(entries.map((e) => e.id)).toEqual(['a', 'b']);
    expect(entries[0].fileId).toBe(9);
  });

  it('removes entries, and the key with the last one', () => {
    const storage = memoryStorage();
    addToOutbox(1, entry('a'), storage);
    addToOutbox(1, entry('b'), storage);
    removeFromOutbox(1, 'a', storage);
    expect(loadOutbox(1, storage).map((e) => e.id)).toEqual(['b']);
    removeFromOutbox(1, 'missing', storage);
    expect(loadOutbox(1, storage).map((e) => e.id)).toEqual(['b']);
    removeFromOutbox(1, 'b', storage);
    expect(storage.data.has(outboxKey(1))).toBe(false);
  });

  it('clears a user without touching the others', () => {
    const storage = memoryStorage();
    saveOutbox(1, [entry('a'), entry('b')], storage);
    saveOutbox(2, [entry('c')], storage);
    clearOutbox(1, storage);
    expect(loadOutbox(1, storage)).toEqual([]);
    expect(loadOutbox(2, storage).map((e) => e.id)).toEqual(['c']);
  });

  it('reads malformed data as empty and skips malformed entries', () => {
    const storage = memoryStorage();
    storage.setItem(outboxKey(1), '{not json');
    expect(loadOutbox(1, storage)).toEqual([]);
    storage.setItem(outboxKey(1), JSON.stringify({ id: 'a' }));
    expect(loadOutbox(1, storage)).toEqual([]);
    storage.setItem(outboxKey(1), JSON.stringify([entry('a'), { id: 'b' }, null, entry('c', { fileId: 'x' as unknown as number })]));
    expect(loadOutbox(1, storage).map((e) => e.id)).toEqual(['a']);
  });

  it('survives a storage that throws', () => {
    const broken: OutboxStorage = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('quota');
      },
      removeItem: () => {
        throw new Error('denied');
      },
    };
    expect(loadOutbox(1, broken)).toEqual([]);
    expect(() => addToOutbox(1, entry('a'), broken)).not.toThrow();
    expect(() => removeFromOutbox(1, 'a', broken)).not.toThrow();
    expect(() => clearOutbox(1, broken)).not.toThrow();
  });
});
