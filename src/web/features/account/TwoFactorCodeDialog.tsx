import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { twoFactorDisableRequest } from '../../../common/api/auth.js';
import { errorMessage } from '../../api/ApiError.js';
import { FormTextField } from '../../ui/FormTextField.js';

type Values = z.input<typeof twoFactorDisableRequest>;

interface TwoFactorCodeDialogProps {
  open: boolean;
  title: string;
  text: string;
  /** Asks for the password too (turning 2FA off). */
  withPassword: boolean;
  confirmLabel: string;
  /** Red for an action that lowers protection. */
  destructive?: boolean;
  pending: boolean;
  error: unknown;
  onConfirm: (values: { password: string; code: string }) => void;
  onCancel: () => void;
}

/** Asks for a code (from the app, or a recovery code), and the password when `withPassword`, before a 2FA change. */
export function TwoFactorCodeDialog({
  open,
  title,
  text,
  withPassword,
  confirmLabel,
  destructive = false,
  pending,
  error,
  onConfirm,
  onCancel,
}: TwoFactorCodeDialogProps) {
  const titleId = useId();
  // Without the password field the schema still needs one: a placeholder the form never shows.
  const { control, handleSubmit, reset } = useForm<Values, unknown, z.output<typeof twoFactorDisableRequest>>({
    resolver: zodResolver(twoFactorDisableRequest),
    defaultValues: { password: withPassword ? '' : 'unused', code: '' },
  });
  const close = () => {
    reset();
    onCancel();
  };
  return (
    <Dialog open={open} onClose={pending ? undefined : close} aria-labelledby={titleId} fullWidth maxWidth="xs">
      <form noValidate onSubmit={handleSubmit(onConfirm)}>
        <DialogTitle id={titleId}>{title}</DialogTitle>
        <DialogContent>
          <DialogContentText>{text}</DialogContentText>
          {Boolean(error) && (
            <Alert severity="error" sx={{ mt: 2 }}>
              {errorMessage(error, 'That did not work. Please try again.')}
            </Alert>
          )}
          {withPassword && <FormTextField control={control} name="password" label="Password" type="password" autoComplete="current-password" autoFocus />}
          <FormTextField control={control} name="code" label="Code from the app, or a recovery code" autoComplete="one-time-code" autoFocus={!withPassword} />
        </DialogContent>
        <DialogActions>
          <Button onClick={close} disabled={pending}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" color={destructive ? 'error' : 'primary'} disabled={pending}>
            {pending ? 'Working...' : confirmLabel}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
