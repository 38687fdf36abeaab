import { z } from 'zod';
import { entityId, hasNoNul, nulMessage, requiredText } from './fields.js';
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
 * what the admin menu shows; the server enforces them on every route. two_factor_required_setup:
 * the user's role must use two-factor sign-in and they have not set it up, so every admin route
 * but their own account's answers 403 and the browser sends them to the Account page.
 */
export const sessionInfo = z.object({
  user_id: z.number().int(),
  username: z.string(),
  role: userRole,
  provider_ids: z.array(z.number().int()),
  expires_at: z.string(),
  two_factor_enabled: z.boolean(),
  two_factor_required_setup: z.boolean(),
});
export type SessionInfo = z.infer<typeof sessionInfo>;

/** A sign-in that is done: the bearer token and its session. */
export const loginToken = sessionInfo.extend({ token: z.string() });
export type LoginToken = z.infer<typeof loginToken>;

/** A password accepted for a user with two-factor sign-in: POST /auth/login/2fa with this challenge and a code. */
export const loginChallenge = z.object({ two_factor_required: z.literal(true), challenge: z.string() });
export type LoginChallenge = z.infer<typeof loginChallenge>;

/** POST /auth/login answers a token, or a challenge when the user signs in with a second factor. */
export const loginResult = z.union([loginToken, loginChallenge]);
export type LoginResult = z.infer<typeof loginResult>;

export function isLoginChallenge(result: LoginResult): result is LoginChallenge {
  return 'two_factor_required' in result;
}

/** A six-digit code from the authenticator app, or a recovery code (`xxxxx-xxxxx`); spaces allowed. */
export const twoFactorCode = z
  .string({ error: 'Enter the code' })
  .trim()
  .min(1, 'Enter the code')
  .max(40, 'The code must be at most 40 characters')
  .refine(hasNoNul, nulMessage('Code'));

/** POST /auth/login/2fa {challenge, code}. */
export const loginCodeRequest = z.object({
  challenge: z.string({ error: 'The sign-in challenge is missing' }).regex(/^[A-Za-z0-9_-]{20,200}$/, 'The sign-in challenge is not valid'),
  code: twoFactorCode,
});
export type LoginCodeRequest = z.infer<typeof loginCodeRequest>;

/** POST /auth/2fa/enable and /auth/2fa/recovery-codes {code}. */
export const twoFactorCodeRequest = z.object({ code: twoFactorCode });
export type TwoFactorCodeRequest = z.infer<typeof twoFactorCodeRequest>;

/** POST /auth/2fa/disable {password, code}: the password and a code, so a left-open browser cannot turn it off. */
export const twoFactorDisableRequest = z.object({
  password: z
    .string({ error: 'Password is required' })
    .min(1, 'Password is required')
    .max(200, 'Password must be at most 200 characters')
    .refine(hasNoNul, nulMessage('Password')),
  code: twoFactorCode,
});
export type TwoFactorDisableRequest = z.infer<typeof twoFactorDisableRequest>;

/** POST /auth/2fa/setup: the new secret, to type in, and the otpauth:// address the QR code carries. */
export const twoFactorSetup = z.object({ secret: z.string(), otpauth_url: z.string() });
export type TwoFactorSetup = z.infer<typeof twoFactorSetup>;

/** Ten single-use recovery codes, shown once: the server keeps only their hashes. */
export const recoveryCodesResult = z.object({ recovery_codes: z.array(z.string()) });
export type RecoveryCodesResult = z.infer<typeof recoveryCodesResult>;

/** The server's refusals the code forms show on their field. */
export const TWO_FACTOR_CODE_INCORRECT = 'That code is not correct. Check the time on your device and try again.';

/** One signed-in session: browser is a short label ("Chrome on Linux"); times are ISO-8601 UTC. */
export const sessionSummary = z.object({
  id: z.number().int(),
  browser: z.string(),
  ip_address: z.string().nullable(),
  created_at: z.string(),
  last_seen_at: z.string().nullable(),
  /** The session this request was made with. */
  current: z.boolean(),
});
export type SessionSummary = z.infer<typeof sessionSummary>;

/** /auth/sessions/{id}. */
export const sessionIdParams = z.object({ id: entityId('Session id must be a positive whole number', 'Session not found') });
/** /users/{id}/2fa and /users/{id}/sessions. */
export const userIdParams = z.object({ id: entityId('User id must be a positive whole number', 'User not found') });
/** /users/{id}/sessions/{sessionId}. */
export const userSessionParams = userIdParams.extend({ sessionId: entityId('Session id must be a positive whole number', 'Session not found') });
