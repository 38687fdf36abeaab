import { z } from 'zod';
import { changePasswordRequest } from '../../../common/api/auth.js';

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
