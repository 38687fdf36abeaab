import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { twoFactorCode } from '../../../common/api/auth.js';
import { errorMessage } from '../../api/ApiError.js';
import { FormTextField } from '../../ui/FormTextField.js';
import { useLoginCode } from './loginQueries.js';

const CODE_FAILED_FALLBACK = 'Sign-in failed. Please try again.';
const codeForm = z.object({ code: twoFactorCode });

interface TwoFactorStepProps {
  /** The password step's challenge (valid 5 minutes). */
  challenge: string;
  onSignedIn: () => void;
  /** Back to the username and password (the challenge died, or the user wants to). */
  onStartOver: () => void;
}

/** The second step of a sign-in: the six-digit code of the authenticator app, or a recovery code. */
export function TwoFactorStep({ challenge, onSignedIn, onStartOver }: TwoFactorStepProps) {
  const loginCode = useLoginCode();
  const [useRecovery, setUseRecovery] = useState(false);
  const { control, handleSubmit, reset } = useForm<z.input<typeof codeForm>, unknown, z.output<typeof codeForm>>({
    resolver: zodResolver(codeForm),
    defaultValues: { code: '' },
  });
  const onSubmit = handleSubmit(({ code }) => loginCode.mutate({ challenge, code }, { onSuccess: onSignedIn }));
  const switchMode = () => {
    setUseRecovery((recovery) => !recovery);
    reset({ code: '' });
    loginCode.reset();
  };

  return (
    <>
      <Typography variant="body2" sx={{ mb: 2 }}>
        {useRecovery
          ? 'Enter one of the recovery codes you saved when you set up two-factor sign-in. Each code works once.'
          : 'Open your authenticator app and enter the 6-digit code it shows for this site.'}
      </Typography>
      {loginCode.isError && (
        <Alert severity="error" sx={{ mb: 1 }}>
          <strong>Login Error:</strong> {errorMessage(loginCode.error, CODE_FAILED_FALLBACK)}
        </Alert>
      )}
      <Box component="form" noValidate onSubmit={onSubmit}>
        {useRecovery ? (
          <FormTextField key="recovery" control={control} name="code" label="Recovery code" autoComplete="off" autoFocus />
        ) : (
          <FormTextField
            key="totp"
            control={control}
            name="code"
            label="6-digit code"
            autoComplete="one-time-code"
            autoFocus
            slotProps={{ htmlInput: { inputMode: 'numeric', pattern: '[0-9]*', maxLength: 6 } }}
          />
        )}
        <Button type="submit" variant="contained" size="large" fullWidth disabled={loginCode.isPending} sx={{ mt: 2 }}>
          {loginCode.isPending ? 'Checking...' : 'Verify'}
        </Button>
      </Box>
      <Box sx={{ mt: 2, display: 'flex', justifyContent: 'space-between', gap: 2 }}>
        <Link component="button" type="button" underline="hover" onClick={switchMode}>
          {useRecovery ? 'Use the code from your app' : 'Use a recovery code'}
        </Link>
        <Link component="button" type="button" underline="hover" onClick={onStartOver}>
          Start over
        </Link>
      </Box>
    </>
  );
}
