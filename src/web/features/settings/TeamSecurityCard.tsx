import AdminPanelSettingsOutlined from '@mui/icons-material/AdminPanelSettingsOutlined';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormLabel from '@mui/material/FormLabel';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import type { TeamSettings } from '../../../common/api/audit.js';
import { ROLE_LABELS, USER_ROLES, type UserRole } from '../../../common/api/users.js';
import { errorMessage } from '../../api/ApiError.js';
import { useVerifySession } from '../../auth/useVerifySession.js';
import type { NoticeSeverity } from '../../ui/useNotice.js';
import { SettingsCard } from './SettingsCard.js';
import { SettingsLoadState } from './SettingsLoadState.js';
import { retentionProblem } from './teamSecurityForm.js';
import { useSaveTeamSettings, useTeamSettings } from './teamSettingsQueries.js';

const SAVED_FALLBACK = 'Team settings saved';
const SAVE_FAILED = 'Failed to save the team settings';

/** The owner's security settings of the team: the roles that must use two-factor sign-in, and how long the audit log keeps entries. Others read them. */
export function TeamSecurityCard({ onResult }: { onResult: (severity: NoticeSeverity, message: string) => void }) {
  const settings = useTeamSettings();
  const session = useVerifySession();
  const save = useSaveTeamSettings();
  /** The settings being edited; null while they are the saved ones. */
  const [edited, setEdited] = useState<{ roles: UserRole[]; retention: string } | null>(null);
  const isOwner = session.data?.role === 'owner';

  const saved: TeamSettings = settings.data ?? { require_2fa_roles: [], audit_retention_days: 365 };
  const roles = edited?.roles ?? saved.require_2fa_roles;
  const retention = edited?.retention ?? String(saved.audit_retention_days);
  const problem = edited ? retentionProblem(retention) : null;

  const toggle = (role: UserRole, on: boolean) => setEdited({ roles: on ? [...roles, role] : roles.filter((other) => other !== role), retention });

  const onSave = () => {
    if (problem) return;
    save.mutate(
      { require_2fa_roles: roles, audit_retention_days: Number(retention.trim()) },
      {
        onSuccess: (envelope) => {
          setEdited(null);
          onResult('success', envelope.message ?? SAVED_FALLBACK);
        },
        onError: (error) => onResult('error', errorMessage(error, SAVE_FAILED)),
      },
    );
  };

  return (
    <SettingsCard
      headingId="team-security-heading"
      icon={<AdminPanelSettingsOutlined color="primary" />}
      title="Team security"
      description={<>Which roles must sign in with a second factor, and how long the audit log keeps its entries.</>}
    >
      <SettingsLoadState query={settings} loadingLabel="Loading the team settings" failedText="Could not load the team settings." />
      {settings.isSuccess && (
        <Stack spacing={2} sx={{ mt: 2 }}>
          {!isOwner && <Alert severity="info">Only an owner can change these settings.</Alert>}
          <FormGroup aria-labelledby="two-factor-roles-label">
            <FormLabel id="two-factor-roles-label">Roles that must use two-factor sign-in</FormLabel>
            <Stack direction="row" useFlexGap sx={{ flexWrap: 'wrap' }}>
              {USER_ROLES.map((role) => (
                <FormControlLabel
                  key={role}
                  label={ROLE_LABELS[role]}
                  control={<Checkbox checked={roles.includes(role)} disabled={!isOwner} onChange={(event) => toggle(role, event.target.checked)} />}
                />
              ))}
            </Stack>
          </FormGroup>
          <TextField
            label="Keep audit entries for (days)"
            value={retention}
            onChange={(event) => setEdited({ roles, retention: event.target.value })}
            error={problem !== null}
            helperText={problem ?? 'From 30 to 3650 days; older entries are deleted every hour.'}
            disabled={!isOwner}
            slotProps={{ htmlInput: { inputMode: 'numeric' } }}
            sx={{ maxWidth: 320 }}
          />
          {isOwner && (
            <Stack direction="row" spacing={1}>
              <Button variant="contained" onClick={onSave} disabled={save.isPending || edited === null || problem !== null}>
                {save.isPending ? 'Saving...' : 'Save'}
              </Button>
              {edited !== null && <Button onClick={() => setEdited(null)}>Cancel</Button>}
            </Stack>
          )}
        </Stack>
      )}
    </SettingsCard>
  );
}
