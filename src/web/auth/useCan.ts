import { type RoleAction, roleCan } from './roleAccess.js';
import { useVerifySession } from './useVerifySession.js';

/** Whether the signed-in user's role may do `action`; false until the session is verified. */
export function useCan(action: RoleAction): boolean {
  const role = useVerifySession().data?.role;
  return role !== undefined && roleCan(role, action);
}
