import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useId, useState } from 'react';
import type { Provider } from '../../../common/api/providers.js';
import { updateUserRequest, type UserRole, type UserSummary } from '../../../common/api/users.js';
import { errorMessage } from '../../api/ApiError.js';
import { RoleFields } from './RoleFields.js';
import { useUpdateUser } from './userQueries.js';

interface EditAccessDialogProps {
  user: UserSummary;
  providers: readonly Provider[];
  onClose: () => void;
  onSaved: (message: string) => void;
}

/** Changes a user's role and providers; saving signs them out, so the change applies at once. */
export function EditAccessDialog({ user, providers, onClose, onSaved }: EditAccessDialogProps) {
  const titleId = useId();
  const formId = useId();
  const update = useUpdateUser();
  const [role, setRole] = useState<UserRole>(user.role);
  const [providerIds, setProviderIds] = useState<number[]>(user.provider_ids);
  const [providersError, setProvidersError] = useState<string | undefined>();

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const parsed = updateUserRequest.safeParse({ role, provider_ids: role === 'provider_editor' ? providerIds : [] });
    if (!parsed.success || (role === 'provider_editor' && providerIds.length === 0)) {
      setProvidersError(parsed.error?.issues[0]?.message ?? 'A provider editor needs at least one provider');
      return;
    }
    setProvidersError(undefined);
    update.mutate(
      { id: user.id, change: parsed.data },
      {
        onSuccess: () => {
          onSaved(`${user.username}'s access changed; they were signed out`);
          onClose();
        },
      },
    );
  };

  return (
    <Dialog open onClose={update.isPending ? undefined : onClose} aria-labelledby={titleId} maxWidth="sm" fullWidth>
      <DialogTitle id={titleId}>Change {user.username}&apos;s access</DialogTitle>
      <DialogContent>
        <DialogContentText>Saving a new role or providers signs {user.username} out of every session.</DialogContentText>
        {update.isError && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {errorMessage(update.error, 'Failed to change the access')}
          </Alert>
        )}
        <form id={formId} noValidate onSubmit={submit}>
          <RoleFields
            role={role}
            providerIds={providerIds}
            providers={providers}
            providersError={providersError}
            disabled={update.isPending}
            onRoleChange={setRole}
            onProvidersChange={setProviderIds}
          />
        </form>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={update.isPending}>
          Cancel
        </Button>
        <Button type="submit" form={formId} variant="contained" disabled={update.isPending}>
          {update.isPending ? 'Saving...' : 'Save'}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
