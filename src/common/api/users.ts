import { z } from 'zod';

/**
 * The roles of the team (issue 22): owner (everything, users included), admin (everything but
 * users), viewer (reads every admin screen, changes nothing), provider editor (only the providers
 * they are scoped to: their record, layers, towers, leads and reports).
 */
export const USER_ROLES = ['owner', 'admin', 'viewer', 'provider_editor'] as const;
export const userRole = z.enum(USER_ROLES, { error: 'Role must be one of owner, admin, viewer or provider_editor' });
export type UserRole = z.infer<typeof userRole>;

export const ROLE_LABELS: Record<UserRole, string> = {
  owner: 'Owner',
  admin: 'Admin',
  viewer: 'Viewer',
  provider_editor: 'Provider editor',
};
