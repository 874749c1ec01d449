import { Navigate, Outlet } from 'react-router-dom';
import { useSession } from '../stores/session.ts';
import { Paths } from '../paths.ts';

/** Routes under this need a logged-in user; without a token the login page is shown. */
export function RequireSession() {
  const signedIn = useSession((s) => Boolean(s.authToken));
  return signedIn ? <Outlet /> : <Navigate to={Paths.login} replace />;
}
