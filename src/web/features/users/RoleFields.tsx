import Autocomplete from '@mui/material/Autocomplete';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { ROLE_LABELS, USER_ROLES, type UserRole } from '../../../common/api/users.js';
import type { Provider } from '../../../common/api/providers.js';

/** What each role may do, under the role field. */
export const ROLE_HELP: Record<UserRole, string> = {
  owner: 'Everything, including the team and its roles.',
  admin: 'Everything but the team.',
  viewer: 'Reads every admin screen, changes nothing.',
  provider_editor: 'Only the chosen providers: their record, coverage, towers, leads and reports.',
};

interface RoleFieldsProps {
  role: UserRole;
  providerIds: number[];
  providers: readonly Provider[];
  /** The providers field's validation message. */
  providersError?: string | undefined;
  disabled?: boolean;
  onRoleChange: (role: UserRole) => void;
  onProvidersChange: (ids: number[]) => void;
}

/** The role, and for a provider editor the providers they are scoped to. */
export function RoleFields({ role, providerIds, providers, providersError, disabled, onRoleChange, onProvidersChange }: RoleFieldsProps) {
  const chosen = providers.filter((provider) => providerIds.includes(provider.id));
  return (
    <>
      <TextField
        select
        label="Role"
        value={role}
        onChange={(event) => onRoleChange(event.target.value as UserRole)}
        helperText={ROLE_HELP[role]}
        disabled={disabled}
        fullWidth
        margin="normal"
      >
        {USER_ROLES.map((value) => (
          <MenuItem key={value} value={value}>
            {ROLE_LABELS[value]}
          </MenuItem>
        ))}
      </TextField>
      {role === 'provider_editor' && (
        <Autocomplete
          multiple
          options={providers}
          value={chosen}
          getOptionLabel={(provider) => provider.name}
          isOptionEqualToValue={(option, value) => option.id === value.id}
          onChange={(_event, value) => onProvidersChange(value.map((provider) => provider.id))}
          disabled={disabled}
          renderInput={(params) => (
            <TextField
              {...params}
              label="Providers"
              margin="normal"
              error={providersError !== undefined}
              helperText={providersError ?? 'The providers this user works on.'}
            />
          )}
        />
      )}
    </>
  );
}
