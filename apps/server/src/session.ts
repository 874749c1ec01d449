/** The signed-in caller of a request or socket, as the session resolver finds it from a token. */
export interface AuthUser {
  userId: number;
  sessionId: number;
  device: string;
}

export interface SessionResolver {
  resolve(token: string): Promise<AuthUser | null>;
}
