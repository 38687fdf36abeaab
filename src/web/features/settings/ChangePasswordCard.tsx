import LockReset from '@mui/icons-material/LockReset';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import { PASSWORD_TOO_WEAK, passwordStrength } from '../../../common/passwordStrength.js';
import { errorMessage } from '../../api/ApiError.js';
import { PasswordFormField } from '../../ui/PasswordFormField.js';
import { useTimedMessage } from '../../ui/useTimedMessage.js';
import { changePasswordForm, EMPTY_CHANGE_PASSWORD_FORM, fieldOfServerError } from './changePasswordForm.js';
import type { ChangePasswordFormValues } from './changePasswordForm.js';
import { PasswordChecklist } from './PasswordChecklist.js';
import { PasswordStrengthMeter } from './PasswordStrengthMeter.js';
import { useChangePassword } from './passwordQueries.js';
import { usePasswordPolicy } from './usePasswordPolicy.js';

/** The success notice stays 5 s. */
const SUCCESS_NOTICE_MS = 5_000;
const SUCCESS_FALLBACK = 'Password changed successfully! Your account is now more secure.';
const FAILURE_FALLBACK = 'Failed to change password. Please try again.';

export function ChangePasswordCard() {
  const changePassword = useChangePassword();
  const [successMessage, showSuccess] = useTimedMessage(SUCCESS_NOTICE_MS);
  const { control, handleSubmit, reset, setError } = useForm<ChangePasswordFormValues, unknown, z.output<typeof changePasswordForm>>({
    resolver: zodResolver(changePasswordForm),
    defaultValues: EMPTY_CHANGE_PASSWORD_FORM,
  });
  const newPassword = useWatch({ control, name: 'newPassword' });
  const policy = usePasswordPolicy();
  // The server's own rule: the meter never calls a password strong that the server refuses.
  // While it loads, a password already weak by its points is rated so; any other waits for the check.
  const points = passwordStrength(newPassword);
  const rating = policy ? policy.passwordRating(newPassword) : points.label === 'Weak' ? { ...points, problem: PASSWORD_TOO_WEAK } : null;
  const strongEnough = rating !== null && rating.problem === null;
  /** A refusal about one field is shown on it (and goes once the field changes: the form validates it again); others above the form. */
  const [formError, setFormError] = useState<string | null>(null);

  const onSubmit = handleSubmit(({ currentPassword, newPassword: chosen }) =>
    changePassword.mutate(
      { currentPassword, newPassword: chosen },
      {
        onSuccess: (envelope) => {
          setFormError(null);
          showSuccess(envelope.message ?? SUCCESS_FALLBACK);
          reset(EMPTY_CHANGE_PASSWORD_FORM);
        },
        onError: (error) => {
          const message = errorMessage(error, FAILURE_FALLBACK);
          const field = fieldOfServerError(message);
          setFormError(field ? null : message);
          if (field) setError(field, { type: 'server', message }, { shouldFocus: true });
        },
      },
    ),
  );

  return (
    <Card>
      <CardContent sx={{ p: 3 }}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1 }}>
          <LockReset color="primary" />
          <Typography variant="h6" component="h2">
            Change Password
          </Typography>
        </Stack>
        <Typography variant="body2" color="text.secondary">
          Choose a strong password you do not use anywhere else.
        </Typography>

        {successMessage && (
          <Alert severity="success" sx={{ mt: 2 }}>
            {successMessage}
          </Alert>
        )}
        {formError && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {formError}
          </Alert>
        )}

        <Box component="form" noValidate onSubmit={onSubmit}>
          <PasswordFormField control={control} name="currentPassword" label="Current Password" autoComplete="current-password" />
          <PasswordFormField control={control} name="newPassword" label="New Password" autoComplete="new-password" />
          {newPassword && <PasswordStrengthMeter rating={rating} />}
          <PasswordChecklist password={newPassword} />
          <PasswordFormField control={control} name="confirmPassword" label="Confirm New Password" autoComplete="new-password" />
          <Button type="submit" variant="contained" size="large" disabled={!strongEnough || changePassword.isPending} sx={{ mt: 2 }}>
            {changePassword.isPending ? 'Changing Password...' : 'Change Password'}
          </Button>
        </Box>
      </CardContent>
    </Card>
  );
}
