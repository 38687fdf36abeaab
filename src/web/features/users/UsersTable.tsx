import BlockOutlined from '@mui/icons-material/BlockOutlined';
import CheckCircleOutline from '@mui/icons-material/CheckCircleOutlineOutlined';
import DeleteOutline from '@mui/icons-material/DeleteOutlineOutlined';
import DevicesOutlined from '@mui/icons-material/DevicesOutlined';
import LockResetOutlined from '@mui/icons-material/LockResetOutlined';
import ManageAccountsOutlined from '@mui/icons-material/ManageAccountsOutlined';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { Provider } from '../../../common/api/providers.js';
import { ROLE_LABELS, type UserRole, type UserSummary } from '../../../common/api/users.js';
import { formatDateTime } from '../../ui/reportPeriod.js';

const ROLE_COLOR: Record<UserRole, 'primary' | 'secondary' | 'default' | 'info'> = {
  owner: 'primary',
  admin: 'secondary',
  viewer: 'default',
  provider_editor: 'info',
};

interface UsersTableProps {
  users: readonly UserSummary[];
  providers: readonly Provider[];
  /** The signed-in owner: marked "you". */
  selfId: number | undefined;
  busyId: number | null;
  onEditAccess: (user: UserSummary) => void;
  onToggleDisabled: (user: UserSummary) => void;
  /** Another user's sessions and 2FA (the owner's own are on the Account page). */
  onShowSessions: (user: UserSummary) => void;
  onResetTwoFactor: (user: UserSummary) => void;
  onRemove: (user: UserSummary) => void;
}

/** The team: each user's role (and a provider editor's providers), 2FA, state and when last seen, with their actions. */
export function UsersTable({ users, providers, selfId, busyId, onEditAccess, onToggleDisabled, onShowSessions, onResetTwoFactor, onRemove }: UsersTableProps) {
  const providerName = (id: number) => providers.find((provider) => provider.id === id)?.name ?? `Provider ${id}`;
  return (
    <TableContainer component={Paper} variant="outlined">
      <Table aria-label="Users">
        <TableHead>
          <TableRow>
            <TableCell>User</TableCell>
            <TableCell>Role</TableCell>
            <TableCell>Two-factor</TableCell>
            <TableCell>Last seen</TableCell>
            <TableCell align="right">Actions</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {users.map((user) => (
            <TableRow key={user.id} sx={user.disabled ? { '& td': { color: 'text.secondary' } } : undefined}>
              <TableCell>
                <Typography component="span" sx={{ fontWeight: 600 }}>
                  {user.username}
                </Typography>
                {user.id === selfId && (
                  <Typography component="span" variant="body2" color="text.secondary">
                    {' '}
                    (you)
                  </Typography>
                )}
                {user.email && (
                  <Typography variant="body2" color="text.secondary">
                    {user.email}
                  </Typography>
                )}
              </TableCell>
              <TableCell>
                <Stack direction="row" spacing={0.5} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
                  <Chip size="small" label={ROLE_LABELS[user.role]} color={ROLE_COLOR[user.role]} />
                  {user.disabled && <Chip size="small" label="Disabled" variant="outlined" color="warning" />}
                </Stack>
                {user.provider_ids.length > 0 && (
                  <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
                    {user.provider_ids.map(providerName).join(', ')}
                  </Typography>
                )}
              </TableCell>
              <TableCell>{user.two_factor_enabled ? 'On' : 'Off'}</TableCell>
              <TableCell>{user.last_seen ? formatDateTime(user.last_seen) : 'Never'}</TableCell>
              <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                <Tooltip title="Change role" describeChild>
                  <IconButton aria-label={`Change the role of ${user.username}`} onClick={() => onEditAccess(user)} disabled={busyId === user.id}>
                    <ManageAccountsOutlined />
                  </IconButton>
                </Tooltip>
                <Tooltip title={user.disabled ? 'Enable' : 'Disable'} describeChild>
                  <IconButton
                    aria-label={`${user.disabled ? 'Enable' : 'Disable'} ${user.username}`}
                    onClick={() => onToggleDisabled(user)}
                    disabled={busyId === user.id}
                  >
                    {user.disabled ? <CheckCircleOutline /> : <BlockOutlined />}
                  </IconButton>
                </Tooltip>
                {user.id !== selfId && (
                  <Tooltip title="Sessions" describeChild>
                    <IconButton aria-label={`Sessions of ${user.username}`} onClick={() => onShowSessions(user)}>
                      <DevicesOutlined />
                    </IconButton>
                  </Tooltip>
                )}
                {user.id !== selfId && user.two_factor_enabled && (
                  <Tooltip title="Reset 2FA" describeChild>
                    <IconButton aria-label={`Reset two-factor sign-in of ${user.username}`} onClick={() => onResetTwoFactor(user)}>
                      <LockResetOutlined />
                    </IconButton>
                  </Tooltip>
                )}
                <Tooltip title="Remove" describeChild>
                  <IconButton aria-label={`Remove ${user.username}`} color="error" onClick={() => onRemove(user)} disabled={busyId === user.id}>
                    <DeleteOutline />
                  </IconButton>
                </Tooltip>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
