import { afterEach, describe, expect, it, vi } from 'vitest';
import { readString, writeValue } from './localStore.ts';

/** A localStorage whose writes of `fullKey` fail as a full storage's do. */
function fakeStorage(fullKey: string): Storage {
  const items = new Map<string, string>();
  return {
    get length() {
      return items.size;
    },
    clear: () => items.clear(),
    getItem: (key) => items.get(key) ?? null,
    key: (index) => [...items.keys()][index] ?? null,
    removeItem: (key) => void items.delete(key),
    setItem: (key, value) => {
      if (key === fullKey) throw new DOMException('storage full', 'QuotaExceededError');
      items.set(key, value);
    },
  };
}

describe('writeValue', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('answers whether the value was written: a full storage answers false (the caller can drop an older value)', () => {
    vi.stubGlobal('localStorage', fakeStorage('big'));
    expect(writeValue('small', { a: 1 })).toBe(true);
    expect(readString('small')).toBe('{"a":1}');
    expect(writeValue('big', 'x')).toBe(false);
    expect(readString('big')).toBe('');
    expect(writeValue('small', null)).toBe(true);
    expect(readString('small')).toBe('');
  });
});
