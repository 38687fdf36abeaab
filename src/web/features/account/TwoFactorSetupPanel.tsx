import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { type TwoFactorSetup, twoFactorCodeRequest } from '../../../common/api/auth.js';
import { errorMessage } from '../../api/ApiError.js';
import { FormTextField } from '../../ui/FormTextField.js';
import { useEnableTwoFactor } from './accountQueries.js';
import { TwoFactorQrCode } from './TwoFactorQrCode.js';

/** The secret in groups of four, easier to type into an app by hand. */
function groupedSecret(secret: string): string {
  return secret.replace(/(.{4})(?=.)/g, '$1 ');
}

interface TwoFactorSetupPanelProps {
  setup: TwoFactorSetup;
  onEnabled: (recoveryCodes: string[]) => void;
  onCancel: () => void;
}

/** Enrolment: scan the QR code (or type the key), then confirm with the app's first code. */
export function TwoFactorSetupPanel({ setup, onEnabled, onCancel }: TwoFactorSetupPanelProps) {
  const enable = useEnableTwoFactor();
  const { control, handleSubmit } = useForm<z.input<typeof twoFactorCodeRequest>, unknown, z.output<typeof twoFactorCodeRequest>>({
    resolver: zodResolver(twoFactorCodeRequest),
    defaultValues: { code: '' },
  });
  const onSubmit = handleSubmit(({ code }) => enable.mutate(code, { onSuccess: (result) => onEnabled(result.recovery_codes) }));

  return (
    <Stack spacing={2}>
      <Typography variant="body2">
        1. Scan this QR code with an authenticator app (Google Authenticator, Microsoft Authenticator, 1Password, Bitwarden…).
      </Typography>
      <TwoFactorQrCode otpauthUrl={setup.otpauth_url} />
      <Typography variant="body2">Or type this key into the app:</Typography>
      <Box
        component="code"
        aria-label="Setup key"
        sx={{ fontFamily: 'monospace', fontSize: '1.05rem', wordBreak: 'break-all', p: 1, bgcolor: 'action.hover', borderRadius: 1 }}
      >
        {groupedSecret(setup.secret)}
      </Box>
      <Typography variant="body2">2. Enter the 6-digit code the app shows to finish.</Typography>
      {enable.isError && <Alert severity="error">{errorMessage(enable.error, 'Two-factor sign-in could not be turned on. Please try again.')}</Alert>}
      <Box component="form" noValidate onSubmit={onSubmit} sx={{ maxWidth: 320 }}>
        <FormTextField
          control={control}
          name="code"
          label="Code from the app"
          autoComplete="one-time-code"
          slotProps={{ htmlInput: { inputMode: 'numeric', pattern: '[0-9]*', maxLength: 6 } }}
        />
        <Stack direction="row" spacing={1} sx={{ mt: 1 }}>
          <Button type="submit" variant="contained" disabled={enable.isPending}>
            {enable.isPending ? 'Checking...' : 'Turn on'}
          </Button>
          <Button onClick={onCancel} disabled={enable.isPending}>
            Cancel
          </Button>
        </Stack>
      </Box>
    </Stack>
  );
}
