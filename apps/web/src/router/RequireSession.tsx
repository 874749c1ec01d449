import type { ReactNode } from 'react';
import { Paths } from '../paths.ts';
import { useSession } from '../stores/session.ts';
import { Navigate } from './hashRouter.tsx';

/** Routes under this need a logged-in user; without a token the login page is shown. */
export function RequireSession({ children }: { children: ReactNode }) {
  const signedIn = useSession((s) => Boolean(s.authToken));
  return signedIn ? children : <Navigate to={Paths.login} replace />;
}
