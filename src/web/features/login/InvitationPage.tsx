import GroupAddOutlined from '@mui/icons-material/GroupAddOutlined';
import Alert from '@mui/material/Alert';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Link as RouterLink, useLocation, useNavigate } from 'react-router-dom';
import type { z } from 'zod';
import { PASSWORD_TOO_WEAK, passwordStrength } from '../../../common/passwordStrength.js';
import { errorMessage } from '../../api/ApiError.js';
import { ADMIN_HOME_PATH, ADMIN_LOGIN_PATH } from '../../auth/adminPaths.js';
import { FormTextField } from '../../ui/FormTextField.js';
import { PasswordFormField } from '../../ui/PasswordFormField.js';
import { PasswordChecklist, PasswordStrengthMeter, usePasswordPolicy } from '../settings/index.js';
import { EMPTY_INVITATION_FORM, fieldOfAcceptError, invitationForm, type InvitationFormValues } from './invitationForm.js';
import { useAcceptInvitation } from './invitationQueries.js';
import { useLogin } from './loginQueries.js';

const ACCEPT_FAILED = 'Could not create your account. Please try again.';

/**
 * /admin/invitation?token=…: an invitee chooses a username and a password (rated by the server's
 * rule as they type), the account is created with the invitation's role, and they are signed in;
 * if that sign-in does not complete here (a second step, an outage), the login page takes over.
 */
export function InvitationPage() {
  const token = new URLSearchParams(useLocation().search).get('token') ?? '';
  const navigate = useNavigate();
  const accept = useAcceptInvitation();
  const login = useLogin();
  const [formError, setFormError] = useState<string | null>(null);
  const [accepted, setAccepted] = useState(false);
  const { control, handleSubmit, setError } = useForm<InvitationFormValues, unknown, z.output<typeof invitationForm>>({
    resolver: zodResolver(invitationForm),
    defaultValues: EMPTY_INVITATION_FORM,
  });
  const password = useWatch({ control, name: 'password' });
  const policy = usePasswordPolicy();
  // As on the Change Password card: the meter never calls a password strong that the server refuses.
  const points = passwordStrength(password);
  const rating = policy ? policy.passwordRating(password) : points.label === 'Weak' ? { ...points, problem: PASSWORD_TOO_WEAK } : null;
  const strongEnough = rating !== null && rating.problem === null;

  const onSubmit = handleSubmit(({ username, password: chosen }) =>
    accept.mutate(
      { token, username, password: chosen },
      {
        onSuccess: () => {
          setAccepted(true);
          login.mutate({ username, password: chosen }, { onSuccess: () => navigate(ADMIN_HOME_PATH, { replace: true }) });
        },
        onError: (error) => {
          const message = errorMessage(error, ACCEPT_FAILED);
          const field = fieldOfAcceptError(message);
          setFormError(field ? null : message);
          if (field) setError(field, { type: 'server', message }, { shouldFocus: true });
        },
      },
    ),
  );

  return (
    <Box component="main" sx={{ minHeight: '100dvh', display: 'flex', alignItems: 'center', justifyContent: 'center', p: 2 }}>
      <title>Join the team · ISP Coverage Map</title>
      <Card sx={{ width: '100%', maxWidth: 460 }}>
        <CardContent sx={{ p: 4 }}>
          <Stack spacing={1} sx={{ alignItems: 'center', mb: 2 }}>
            <Avatar sx={{ bgcolor: 'primary.main' }}>
              <GroupAddOutlined />
            </Avatar>
            <Typography variant="h5" component="h1">
              Join the team
            </Typography>
            <Typography variant="body2" color="text.secondary" sx={{ textAlign: 'center' }}>
              Choose the username and password you will sign in with.
            </Typography>
          </Stack>

          {!token && <Alert severity="error">This invitation link is not valid</Alert>}
          {formError && (
            <Alert severity="error" sx={{ mb: 1 }}>
              {formError}
            </Alert>
          )}
          {accepted && login.isError && (
            <Alert severity="success" sx={{ mb: 1 }}>
              Your account is ready.{' '}
              <Link component={RouterLink} to={ADMIN_LOGIN_PATH}>
                Please sign in
              </Link>
              .
            </Alert>
          )}

          {token && !accepted && (
            <Box component="form" noValidate onSubmit={onSubmit}>
              <FormTextField control={control} name="username" label="Username" autoComplete="username" autoFocus />
              <PasswordFormField control={control} name="password" label="Password" autoComplete="new-password" />
              {password && <PasswordStrengthMeter rating={rating} />}
              <PasswordChecklist password={password} />
              <PasswordFormField control={control} name="confirmPassword" label="Confirm Password" autoComplete="new-password" />
              <Button type="submit" variant="contained" size="large" fullWidth disabled={!strongEnough || accept.isPending} sx={{ mt: 2 }}>
                {accept.isPending ? 'Creating your account...' : 'Create account'}
              </Button>
            </Box>
          )}
          {accepted && login.isPending && <Typography sx={{ mt: 2 }}>Signing you in...</Typography>}
        </CardContent>
      </Card>
    </Box>
  );
}
