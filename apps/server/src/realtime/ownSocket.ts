/**
 * The caller's own socket as a push's exception names it (the socket that gets the answer instead of
 * the push): its client id qualified by the user it is bound to. The `clientId` header is the caller's
 * word, so an exception naming another user's socket must skip nothing.
 */
export type OwnSocket = string & { readonly ownSocket: unique symbol };

export function ownSocket(userId: number, clientId: string): OwnSocket {
  return `${userId}:${clientId}` as OwnSocket;
}
