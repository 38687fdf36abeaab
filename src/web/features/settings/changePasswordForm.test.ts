import { describe, expect, it } from 'vitest';
import { PASSWORD_TOO_COMMON, PASSWORD_TOO_WEAK } from '../../../common/passwordStrength.js';
import { fieldOfServerError } from './changePasswordForm.js';

describe('fieldOfServerError', () => {
  it('puts each refusal about one field on that field, and others above the form', () => {
    expect(fieldOfServerError('Current password is incorrect')).toBe('currentPassword');
    expect(fieldOfServerError(PASSWORD_TOO_COMMON)).toBe('newPassword');
    expect(fieldOfServerError(PASSWORD_TOO_WEAK)).toBe('newPassword');
    expect(fieldOfServerError('New password must be different from the current password')).toBe('newPassword');
    expect(fieldOfServerError('Failed to change password. Please try again.')).toBeNull();
  });
});
