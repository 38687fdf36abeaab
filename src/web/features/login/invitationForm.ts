import { z } from 'zod';
import { acceptInvitationRequest, USERNAME_TAKEN } from '../../../common/api/users.js';
import { PASSWORD_TOO_COMMON, PASSWORD_TOO_WEAK } from '../../../common/passwordStrength.js';

/** The invitation page's form: the accept request's rules (the token comes from the link) plus the confirmation. */
export const invitationForm = acceptInvitationRequest
  .omit({ token: true })
  .extend({ confirmPassword: z.string().min(1, 'Please confirm your password') })
  .refine((values) => values.password === values.confirmPassword, { message: 'Passwords do not match', path: ['confirmPassword'] });

export type InvitationFormValues = z.input<typeof invitationForm>;

export const EMPTY_INVITATION_FORM: InvitationFormValues = { username: '', password: '', confirmPassword: '' };

/** The field a refusal of the server is about (shown on it); null for the others, such as an expired link (shown above the form). */
export function fieldOfAcceptError(message: string): 'username' | 'password' | null {
  if (message === USERNAME_TAKEN) return 'username';
  if (message === PASSWORD_TOO_WEAK || message === PASSWORD_TOO_COMMON) return 'password';
  return null;
}
