import { useEffect } from 'react';
import { Navigate, Outlet } from 'react-router-dom';
import { CenteredSpinner } from '../ui/CenteredSpinner.js';
import { ADMIN_LOGIN_PATH } from './adminPaths.js';
import { clearToken, readToken } from './tokenStore.js';
import { useVerifySession } from './useVerifySession.js';

/**
 * Guards the admin area: the stored token must verify with the server,
 * otherwise it is dropped and the visitor goes to the login page.
 */
export function RequireAdminSession() {
  const hasToken = readToken() !== null;
  const session = useVerifySession();

  useEffect(() => {
    if (session.isError) clearToken();
  }, [session.isError]);

  if (!hasToken || session.isError) return <Navigate to={ADMIN_LOGIN_PATH} replace />;
  if (session.isPending) return <CenteredSpinner label="Verifying your session" />;
  return <Outlet />;
}
