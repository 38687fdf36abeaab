import { z } from 'zod';
import { CURRENT_PASSWORD_INCORRECT, changePasswordRequest, NEW_PASSWORD_UNCHANGED } from '../../../common/api/auth.js';
import { PASSWORD_TOO_COMMON, PASSWORD_TOO_WEAK } from '../../../common/passwordStrength.js';

/** The Change Password form: the request's rules plus the confirmation field. */
export const changePasswordForm = changePasswordRequest
  .extend({
    confirmPassword: z.string().min(1, 'Please confirm your new password'),
  })
  .refine((values) => values.newPassword === values.confirmPassword, {
    message: 'New passwords do not match',
    path: ['confirmPassword'],
  });

export type ChangePasswordFormValues = z.input<typeof changePasswordForm>;

export const EMPTY_CHANGE_PASSWORD_FORM: ChangePasswordFormValues = {
  currentPassword: '',
  newPassword: '',
  confirmPassword: '',
};

/** The field a refusal of the server is about, shown on that field; null for the others (shown above the form). */
export function fieldOfServerError(message: string): 'currentPassword' | 'newPassword' | null {
  if (message === CURRENT_PASSWORD_INCORRECT) return 'currentPassword';
  if (message === PASSWORD_TOO_WEAK || message === PASSWORD_TOO_COMMON || message === NEW_PASSWORD_UNCHANGED) return 'newPassword';
  return null;
}
