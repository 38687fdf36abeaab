import ArrowBack from '@mui/icons-material/ArrowBack';
import LockOutlined from '@mui/icons-material/LockOutlined';
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
import { useForm } from 'react-hook-form';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import type { z } from 'zod';
import { isLoginChallenge, loginRequest } from '../../../common/api/auth.js';
import { errorMessage } from '../../api/ApiError.js';
import { ADMIN_HOME_PATH } from '../../auth/adminPaths.js';
import { FormTextField } from '../../ui/FormTextField.js';
import { useLogin } from './loginQueries.js';
import { TwoFactorStep } from './TwoFactorStep.js';

/** Shown after "Login Error:" when the server gave no message. */
const LOGIN_FAILED_FALLBACK = 'Login failed. Please check your credentials.';

export function LoginCard() {
  const navigate = useNavigate();
  const login = useLogin();
  /** The password step's challenge while the code step shows; null on the password step. */
  const [challenge, setChallenge] = useState<string | null>(null);
  const { control, handleSubmit } = useForm<z.input<typeof loginRequest>, unknown, z.output<typeof loginRequest>>({
    resolver: zodResolver(loginRequest),
    defaultValues: { username: '', password: '' },
  });

  const signedIn = () => navigate(ADMIN_HOME_PATH, { replace: true });
  const onSubmit = handleSubmit((credentials) =>
    login.mutate(credentials, { onSuccess: (result) => (isLoginChallenge(result) ? setChallenge(result.challenge) : signedIn()) }),
  );
  const startOver = () => {
    login.reset();
    setChallenge(null);
  };

  return (
    <Box component="main" sx={{ minHeight: '100dvh', display: 'flex', alignItems: 'center', justifyContent: 'center', p: 2 }}>
      <title>Admin Login · ISP Coverage Map</title>
      <Card sx={{ width: '100%', maxWidth: 420 }}>
        <CardContent sx={{ p: 4 }}>
          <Stack spacing={1} sx={{ alignItems: 'center', mb: 2 }}>
            <Avatar sx={{ bgcolor: 'primary.main' }}>
              <LockOutlined />
            </Avatar>
            <Typography variant="h5" component="h1">
              Admin Login
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {challenge ? 'Two-factor sign-in' : 'Sign in to manage providers and coverage'}
            </Typography>
          </Stack>

          {challenge ? (
            <TwoFactorStep challenge={challenge} onSignedIn={signedIn} onStartOver={startOver} />
          ) : (
            <>
              {login.isError && (
                <Alert severity="error" sx={{ mb: 1 }}>
                  <strong>Login Error:</strong> {errorMessage(login.error, LOGIN_FAILED_FALLBACK)}
                </Alert>
              )}
              <Box component="form" noValidate onSubmit={onSubmit}>
                <FormTextField control={control} name="username" label="Username" autoComplete="username" autoFocus />
                <FormTextField control={control} name="password" label="Password" type="password" autoComplete="current-password" />
                <Button type="submit" variant="contained" size="large" fullWidth disabled={login.isPending} sx={{ mt: 2 }}>
                  {login.isPending ? 'Signing in...' : 'Sign In'}
                </Button>
              </Box>
            </>
          )}

          <Box sx={{ mt: 3, textAlign: 'center' }}>
            <Link component={RouterLink} to="/" underline="hover" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5 }}>
              <ArrowBack fontSize="small" />
              Back to public map
            </Link>
          </Box>
        </CardContent>
      </Card>
    </Box>
  );
}
