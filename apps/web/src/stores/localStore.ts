/**
 * Thin, crash-proof access to localStorage. Strings are stored as they are (so `authToken`
 * reads back as the plain token); objects are stored as JSON.
 */
function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

export function readString(key: string): string {
  return storage()?.getItem(key) ?? '';
}

export function readJson<T>(key: string, fallback: T): T {
  const raw = storage()?.getItem(key);
  if (!raw) return fallback;
  try {
    return JSON.parse(raw) as T;
  } catch {
    return fallback;
  }
}

/** Writes a value; an empty string, null or undefined removes the key. Answers whether it was written. */
export function writeValue(key: string, value: unknown): boolean {
  const store = storage();
  if (!store) return false;
  try {
    if (value === '' || value === null || value === undefined) store.removeItem(key);
    else store.setItem(key, typeof value === 'string' ? value : JSON.stringify(value));
    return true;
  } catch {
    // Quota exceeded or storage disabled: the in-memory state still works for this visit.
    return false;
  }
}
