import { z } from 'zod';
import { hasNoNul, nulMessage, requiredText } from './fields.js';
import { userRole } from './users.js';

/** Sign-in rules (username 3+ characters, password 6+); the browser form and the server share them. */
export const loginRequest = z.object({
  username: requiredText(100, 'Username').min(3, 'Username must be at least 3 characters'),
  password: z
    .string({ error: 'Password is required' })
    .min(1, 'Password is required')
    .min(6, 'Password must be at least 6 characters')
    .max(200, 'Password must be at most 200 characters')
    .refine(hasNoNul, nulMessage('Password')),
});
export type LoginRequest = z.infer<typeof loginRequest>;

export const PASSWORD_MIN_LENGTH = 8;

/** The server's refusals of a password change that concern one field (the form shows them on it). */
export const CURRENT_PASSWORD_INCORRECT = 'Current password is incorrect';
export const NEW_PASSWORD_UNCHANGED = 'New password must be different from the current password';

/** POST /auth/change-password {currentPassword, newPassword}. */
export const changePasswordRequest = z.object({
  currentPassword: z
    .string({ error: 'Current password is required' })
    .min(1, 'Current password is required')
    .max(200, 'Current password must be at most 200 characters')
    .refine(hasNoNul, nulMessage('Current password')),
  newPassword: z
    .string({ error: 'New password is required' })
    .min(1, 'New password is required')
    .min(PASSWORD_MIN_LENGTH, `Password must be at least ${PASSWORD_MIN_LENGTH} characters long`)
    .max(200, 'Password must be at most 200 characters')
    .refine(hasNoNul, nulMessage('New password')),
});
export type ChangePasswordRequest = z.infer<typeof changePasswordRequest>;

/**
 * What a session looks like to its holder; expires_at is an ISO-8601 UTC timestamp. role and
 * provider_ids (the providers a provider editor is scoped to; empty for the other roles) decide
 * what the admin menu shows; the server enforces them on every route.
 */
export const sessionInfo = z.object({
  user_id: z.number().int(),
  username: z.string(),
  role: userRole,
  provider_ids: z.array(z.number().int()),
  expires_at: z.string(),
});
export type SessionInfo = z.infer<typeof sessionInfo>;

export const loginResult = sessionInfo.extend({ token: z.string() });
export type LoginResult = z.infer<typeof loginResult>;
