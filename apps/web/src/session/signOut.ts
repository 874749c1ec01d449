import { logout } from '../api/auth.ts';
import { endSession } from './endSession.ts';

/** The user's own logout: revoke the token on the server (best effort), then end locally. */
export async function signOut(): Promise<void> {
  await logout();
  endSession();
}
