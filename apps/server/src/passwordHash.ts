import type { Options } from '@node-rs/argon2';

/**
 * Argon2 (`@node-rs/argon2`), loaded on the first hash or check rather than at start: the native
 * module and its worker pool add ~13 MB to a server that may not see a login for a while.
 */
let argon2: Promise<typeof import('@node-rs/argon2')> | undefined;
const load = () => (argon2 ??= import('@node-rs/argon2'));

export async function hash(password: string, options?: Options): Promise<string> {
  return (await load()).hash(password, options);
}

export async function verify(hashed: string, password: string): Promise<boolean> {
  return (await load()).verify(hashed, password);
}
