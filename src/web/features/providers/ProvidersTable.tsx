import NetworkCheck from '@mui/icons-material/NetworkCheck';
import Sync from '@mui/icons-material/Sync';
import Avatar from '@mui/material/Avatar';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
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
import { EditDeleteActions } from '../../ui/EditDeleteActions.js';
import { DATA_SOURCE_LABELS } from './providerLabels.js';
import { providerLogoUrl } from '../../../common/providerLogoUrl.js';
import { ProviderSyncStatus } from './ProviderSyncStatus.js';

interface ProvidersTableProps {
  providers: readonly Provider[];
  /** The provider whose My Maps sync is running, if any. */
  syncingId: number | null;
  onEdit: (provider: Provider) => void;
  /** Absent when the user may not delete providers (a provider editor). */
  onDelete?: (provider: Provider) => void;
  onSync: (provider: Provider) => void;
  onTestApi: (provider: Provider) => void;
}

/** The providers table: Name, Contact, Status, Actions. */
export function ProvidersTable({ providers, syncingId, onEdit, onDelete, onSync, onTestApi }: ProvidersTableProps) {
  return (
    <TableContainer component={Paper} variant="outlined">
      <Table aria-label="Providers">
        <TableHead>
          <TableRow>
            <TableCell>Name</TableCell>
            <TableCell>Contact</TableCell>
            <TableCell>Status</TableCell>
            <TableCell align="right">Actions</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {providers.map((provider) => (
            <TableRow key={provider.id} hover>
              <TableCell>
                <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
                  <Avatar
                    variant="rounded"
                    src={provider.logo_filename ? providerLogoUrl(provider.logo_filename) : undefined}
                    alt={`${provider.name} logo`}
                    sx={{ bgcolor: 'primary.light', width: 40, height: 40, '& img': { objectFit: 'contain', bgcolor: '#fff' } }}
                  >
                    {provider.name.trim().charAt(0).toUpperCase()}
                  </Avatar>
                  <div>
                    <Typography sx={{ fontWeight: 600 }}>{provider.name}</Typography>
                    <Typography variant="body2" color="text.secondary">
                      {DATA_SOURCE_LABELS[provider.data_source]}
                      {provider.description ? ` · ${provider.description}` : ''}
                    </Typography>
                  </div>
                </Stack>
              </TableCell>
              <TableCell>
                <ContactDetails provider={provider} />
              </TableCell>
              <TableCell>
                <Stack spacing={0.75} sx={{ alignItems: 'flex-start' }}>
                  <Chip size="small" label={provider.active ? 'Active' : 'Inactive'} color={provider.active ? 'success' : 'default'} />
                  {provider.data_source === 'my_maps_url' && <ProviderSyncStatus provider={provider} />}
                </Stack>
              </TableCell>
              <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                {provider.data_source === 'my_maps_url' && (
                  <Tooltip title="Sync from My Maps now" describeChild>
                    <span>
                      <IconButton aria-label={`Sync ${provider.name}`} onClick={() => onSync(provider)} disabled={syncingId !== null}>
                        {syncingId === provider.id ? <CircularProgress size={20} aria-label="Syncing" /> : <Sync />}
                      </IconButton>
                    </span>
                  </Tooltip>
                )}
                {provider.data_source === 'api_endpoint' && (
                  <Tooltip title="Test the provider's API" describeChild>
                    <IconButton aria-label={`Test API ${provider.name}`} onClick={() => onTestApi(provider)}>
                      <NetworkCheck />
                    </IconButton>
                  </Tooltip>
                )}
                <EditDeleteActions itemName={provider.name} onEdit={() => onEdit(provider)} onDelete={onDelete && (() => onDelete(provider))} />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

function ContactDetails({ provider }: { provider: Provider }) {
  const { contact_email: email, contact_phone: phone, signup_url: signupUrl } = provider;
  if (!email && !phone && !signupUrl) {
    return (
      <Typography variant="body2" color="text.secondary">
        No contact details
      </Typography>
    );
  }
  return (
    <Stack spacing={0.25}>
      {email && (
        <Link href={`mailto:${email}`} variant="body2" underline="hover">
          {email}
        </Link>
      )}
      {phone && <Typography variant="body2">{phone}</Typography>}
      {signupUrl && (
        <Link href={signupUrl} target="_blank" rel="noopener noreferrer" variant="body2" underline="hover" noWrap sx={{ maxWidth: 240 }}>
          Sign-up page
        </Link>
      )}
    </Stack>
  );
}
