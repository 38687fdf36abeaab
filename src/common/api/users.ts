import { z } from 'zod';
import { emailText, entityId, rawText, requiredText } from './fields.js';

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

/** The exact refusals of the users API, shown as they are by the web screens. */
export const LAST_OWNER = 'The last owner cannot be removed or demoted';
export const PROVIDERS_REQUIRED = 'A provider editor needs at least one provider';
export const PROVIDERS_ONLY_FOR_EDITORS = 'Only a provider editor is scoped to providers';
export const USERNAME_TAKEN = 'That username is taken';
export const INVITATION_USED = 'This invitation has already been used';
export const INVITATION_EXPIRED = 'This invitation has expired';
export const INVITATION_INVALID = 'This invitation link is not valid';
export const USER_NOT_FOUND = 'User not found';
export const INVITATION_NOT_FOUND = 'Invitation not found';

/** How long an invitation link works, ms (72 hours). */
export const INVITATION_TTL_MS = 72 * 3600_000;

/** The most user accounts the team keeps, owners included: an invitation or its acceptance past it is refused. */
export const USER_MAX_ACCOUNTS = 500;
export const USER_LIMIT_MESSAGE = `At most ${USER_MAX_ACCOUNTS} user accounts can be kept; remove one first`;
/** The most invitations waiting at once (neither accepted, revoked nor expired). */
export const INVITATION_MAX_PENDING = 100;
/** Ended invitations (accepted, revoked or expired) kept so their link still says why it stopped working; older ones are deleted. */
export const INVITATION_MAX_ENDED = 1000;
export const INVITATION_LIMIT_MESSAGE = `At most ${INVITATION_MAX_PENDING} invitations can wait at once; revoke one first or wait for one to expire`;

const providerIdList = z
  .array(entityId('Provider id must be a positive whole number', 'Provider not found'))
  .max(100, 'At most 100 providers')
  .transform((ids) => [...new Set(ids)].sort((a, b) => a - b));

/**
 * A provider editor needs providers; any other role has none. `role` is absent on an update that
 * keeps the user's role: the service checks the combination with the stored role then.
 */
function checkProvidersForRole(value: { role?: UserRole | undefined; provider_ids?: number[] | undefined }, context: z.RefinementCtx): void {
  if (value.role === 'provider_editor' && value.provider_ids !== undefined && value.provider_ids.length === 0) {
    context.addIssue({ code: 'custom', path: ['provider_ids'], message: PROVIDERS_REQUIRED });
  }
  if (value.role !== undefined && value.role !== 'provider_editor' && value.provider_ids !== undefined && value.provider_ids.length > 0) {
    context.addIssue({ code: 'custom', path: ['provider_ids'], message: PROVIDERS_ONLY_FOR_EDITORS });
  }
}

/** A member of the team as GET /api/users lists it. last_seen: the newest session's last use (or start); null: never signed in. */
export const userSummary = z.object({
  id: z.number().int(),
  username: z.string(),
  email: z.string().nullable(),
  role: userRole,
  provider_ids: z.array(z.number().int()),
  disabled: z.boolean(),
  two_factor_enabled: z.boolean(),
  created_at: z.string(),
  last_seen: z.string().nullable(),
});
export type UserSummary = z.infer<typeof userSummary>;

/** A pending invitation (neither accepted, revoked nor expired). invited_by: the inviter's username, null once they are removed. */
export const invitationSummary = z.object({
  id: z.number().int(),
  email: z.string(),
  role: userRole,
  provider_ids: z.array(z.number().int()),
  created_at: z.string(),
  expires_at: z.string(),
  invited_by: z.string().nullable(),
});
export type InvitationSummary = z.infer<typeof invitationSummary>;

/** POST /api/users/invitations. */
export const createInvitationRequest = z
  .object({
    email: emailText().refine((v) => v !== '', 'Email is required'),
    role: userRole,
    provider_ids: providerIdList.optional(),
  })
  .superRefine((value, context) => {
    if (value.role === 'provider_editor' && !value.provider_ids?.length) {
      context.addIssue({ code: 'custom', path: ['provider_ids'], message: PROVIDERS_REQUIRED });
    }
    checkProvidersForRole(value, context);
  });
export type CreateInvitationRequest = z.input<typeof createInvitationRequest>;

/** The invitation and its one-time link (shown once: only its hash is kept); emailed: queued to the invitee by e-mail. */
export const createdInvitation = z.object({
  invitation: invitationSummary,
  invitation_url: z.string(),
  emailed: z.boolean(),
});
export type CreatedInvitation = z.infer<typeof createdInvitation>;

/** POST /api/invitations/accept: the username and password of the new account. */
export const acceptInvitationRequest = z.object({
  token: requiredText(200, 'Invitation token', INVITATION_INVALID),
  username: requiredText(100, 'Username').min(3, 'Username must be at least 3 characters'),
  // The strength rule (common/passwordPolicy.ts) is the server's, as for a changed password.
  password: rawText(200, 'Password').min(1, 'Password is required'),
});
export type AcceptInvitationRequest = z.infer<typeof acceptInvitationRequest>;

/** What an accepted invitation answers: the new account's name (the browser then signs in with it). */
export const acceptedInvitation = z.object({ username: z.string(), role: userRole });
export type AcceptedInvitation = z.infer<typeof acceptedInvitation>;

/** PUT /api/users/{id}: what changes (absent fields stay). */
export const updateUserRequest = z
  .object({
    role: userRole.optional(),
    provider_ids: providerIdList.optional(),
    disabled: z.boolean({ error: 'disabled must be true or false' }).optional(),
  })
  .superRefine(checkProvidersForRole);
export type UpdateUserRequest = z.input<typeof updateUserRequest>;

export const userIdParams = z.object({ id: entityId('User id must be a positive whole number', USER_NOT_FOUND) });
export const invitationIdParams = z.object({ id: entityId('Invitation id must be a positive whole number', INVITATION_NOT_FOUND) });
/** An update as the server reads it (provider ids deduplicated and sorted). */
export type UserChanges = z.output<typeof updateUserRequest>;
