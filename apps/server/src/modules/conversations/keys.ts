/** A stored contact id as the API answers it: a user id as a number, 'group-<n>' and 'system' as they are. */
export function apiContactId(stored: string): number | string {
  return /^\d+$/.test(stored) ? Number(stored) : stored;
}
