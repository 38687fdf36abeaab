import type { UserRole } from '../../common/api/users.js';

/**
 * What each role may open and do in the admin screens: the browser's mirror of the server's route
 * access (src/server/access/routeAccess.ts), which is what actually refuses. The screens hide what
 * a role may not use, so a viewer never meets a 403 by clicking.
 */

/** The screens a provider editor works in: their providers, coverage, towers, leads and reports. */
const PROVIDER_EDITOR_SCREENS = [
  '/admin/dashboard',
  '/admin/providers',
  '/admin/coverage',
  '/admin/towers',
  '/admin/reports',
  '/admin/leads',
  '/admin/account',
];
const OWNER_SCREENS = ['/admin/users'];

const within = (pathname: string, screen: string) => pathname === screen || pathname.startsWith(`${screen}/`);

/** Whether `role` may open the admin screen at `pathname`. */
export function mayOpen(role: UserRole, pathname: string): boolean {
  if (OWNER_SCREENS.some((screen) => within(pathname, screen))) return role === 'owner';
  if (role === 'provider_editor') return PROVIDER_EDITOR_SCREENS.some((screen) => within(pathname, screen));
  return true;
}

/**
 * Whether `role` sees only its own providers' data: the screens then drop what spans the whole
 * map (other providers, the coverage rate, the demand map) and the operator's own records.
 */
export function providerScoped(role: UserRole): boolean {
  return role === 'provider_editor';
}

/**
 * What a screen asks before showing a control:
 * - `manage_users`: the owner;
 * - `change`: add, edit and delete on the shared screens (owner, admin);
 * - `add_provider`, `delete_provider`: a provider record itself (owner, admin);
 * - `edit_provider`, `change_coverage`, `change_towers`: also a provider editor, on their own records.
 */
export type RoleAction = 'manage_users' | 'change' | 'add_provider' | 'delete_provider' | 'edit_provider' | 'change_coverage' | 'change_towers';

export function roleCan(role: UserRole, action: RoleAction): boolean {
  switch (action) {
    case 'manage_users':
      return role === 'owner';
    case 'edit_provider':
    case 'change_coverage':
    case 'change_towers':
      return role !== 'viewer';
    case 'change':
    case 'add_provider':
    case 'delete_provider':
      return role === 'owner' || role === 'admin';
  }
}
