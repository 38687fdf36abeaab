import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { useId, useState } from 'react';
import type { Provider } from '../../../common/api/providers.js';
import { type CreatedInvitation, createInvitationRequest, type UserRole } from '../../../common/api/users.js';
import { errorMessage } from '../../api/ApiError.js';
import { RoleFields } from './RoleFields.js';
import { useInvite } from './userQueries.js';

interface InviteDialogProps {
  providers: readonly Provider[];
  onClose: () => void;
  /** The invitation was created: its one-time link is shown next. */
  onInvited: (created: CreatedInvitation) => void;
}

/** Invite someone by e-mail address with a role (and a provider editor's providers). */
export function InviteDialog({ providers, onClose, onInvited }: InviteDialogProps) {
  const titleId = useId();
  const formId = useId();
  const invite = useInvite();
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<UserRole>('viewer');
  const [providerIds, setProviderIds] = useState<number[]>([]);
  const [errors, setErrors] = useState<{ email?: string; provider_ids?: string }>({});

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const parsed = createInvitationRequest.safeParse({ email, role, ...(role === 'provider_editor' ? { provider_ids: providerIds } : {}) });
    if (!parsed.success) {
      const messageOf = (field: string) => parsed.error.issues.find((issue) => issue.path[0] === field)?.message;
      setErrors({ email: messageOf('email'), provider_ids: messageOf('provider_ids') });
      return;
    }
    setErrors({});
    invite.mutate(parsed.data, { onSuccess: onInvited });
  };

  return (
    <Dialog open onClose={invite.isPending ? undefined : onClose} aria-labelledby={titleId} maxWidth="sm" fullWidth>
      <DialogTitle id={titleId}>Invite a user</DialogTitle>
      <DialogContent>
        <DialogContentText>They get a link, valid 72 hours and usable once, where they choose a username and a password.</DialogContentText>
        {invite.isError && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {errorMessage(invite.error, 'Failed to create the invitation')}
          </Alert>
        )}
        <form id={formId} noValidate onSubmit={submit}>
          <TextField
            label="Email"
            type="email"
            value={email}
            onChange={(event) => setEmail(event.target.value)}
            error={errors.email !== undefined}
            helperText={errors.email}
            autoFocus
            fullWidth
            margin="normal"
            autoComplete="off"
          />
          <RoleFields
            role={role}
            providerIds={providerIds}
            providers={providers}
            providersError={errors.provider_ids}
            onRoleChange={setRole}
            onProvidersChange={setProviderIds}
          />
        </form>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={invite.isPending}>
          Cancel
        </Button>
        <Button type="submit" form={formId} variant="contained" disabled={invite.isPending}>
          {invite.isPending ? 'Inviting...' : 'Create invitation'}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
