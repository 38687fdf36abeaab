import { Navigate } from 'react-router-dom';
import { ADMIN_HOME_PATH } from '../../auth/adminPaths.js';
import { readToken } from '../../auth/tokenStore.js';
import { LoginCard } from './LoginCard.js';

/** /admin/login. A stored token goes straight to the admin area, whose guard verifies it. */
export function LoginPage() {
  if (readToken() !== null) return <Navigate to={ADMIN_HOME_PATH} replace />;
  return <LoginCard />;
}
