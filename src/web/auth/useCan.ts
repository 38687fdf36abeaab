import { providerScoped, type RoleAction, roleCan } from './roleAccess.js';
import { useVerifySession } from './useVerifySession.js';

/** Whether the signed-in user's role may do `action`; false until the session is verified. */
export function useCan(action: RoleAction): boolean {
  const role = useVerifySession().data?.role;
  return role !== undefined && roleCan(role, action);
}

/** Whether the signed-in user sees only their own providers' data (see providerScoped); false until the session is verified. */
export function useProviderScoped(): boolean {
  const role = useVerifySession().data?.role;
  return role !== undefined && providerScoped(role);
}
