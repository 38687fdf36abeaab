import { useEffect } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { CenteredSpinner } from '../ui/CenteredSpinner.js';
import { ADMIN_ACCOUNT_PATH, ADMIN_LOGIN_PATH } from './adminPaths.js';
import { clearToken, readToken } from './tokenStore.js';
import { useVerifySession } from './useVerifySession.js';

/**
 * Guards the admin area: the stored token must verify with the server, otherwise it is dropped and
 * the visitor goes to the login page. A user whose role must use two-factor sign-in and has not set
 * it up is kept on the Account page (the server refuses them every other screen's data).
 */
export function RequireAdminSession() {
  const hasToken = readToken() !== null;
  const session = useVerifySession();
  const { pathname } = useLocation();

  useEffect(() => {
    if (session.isError) clearToken();
  }, [session.isError]);

  if (!hasToken || session.isError) return <Navigate to={ADMIN_LOGIN_PATH} replace />;
  if (session.isPending) return <CenteredSpinner label="Verifying your session" />;
  if (session.data.two_factor_required_setup && pathname !== ADMIN_ACCOUNT_PATH) return <Navigate to={ADMIN_ACCOUNT_PATH} replace />;
  return <Outlet />;
}
