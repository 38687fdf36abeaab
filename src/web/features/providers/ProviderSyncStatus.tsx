import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { Provider } from '../../../common/api/providers.js';
import { formatDateTime } from '../../ui/reportPeriod.js';

function syncChip(status: string | null): { label: string; color: 'success' | 'error' | 'default' | 'info' } {
  switch (status) {
    case 'success':
      return { label: 'Synced', color: 'success' };
    case 'error':
      return { label: 'Sync failed', color: 'error' };
    case null:
    case '':
      return { label: 'Never synced', color: 'default' };
    default:
      return { label: `Sync: ${status.replace(/_/g, ' ')}`, color: 'info' };
  }
}

interface ProviderSyncStatusProps {
  provider: Pick<Provider, 'sync_status' | 'last_sync' | 'sync_error_message' | 'auto_sync'>;
}

/** The My Maps sync state of a provider: a chip, the last sync time, the error on hover. */
export function ProviderSyncStatus({ provider }: ProviderSyncStatusProps) {
  const { label, color } = syncChip(provider.sync_status);
  const failed = provider.sync_status === 'error';
  const tooltip = failed ? (provider.sync_error_message ?? 'The last sync failed.') : '';
  return (
    <Stack spacing={0.25} sx={{ alignItems: 'flex-start' }}>
      <Tooltip title={tooltip} describeChild arrow disableHoverListener={!tooltip} disableFocusListener={!tooltip}>
        <Chip size="small" variant="outlined" color={color} label={label} tabIndex={failed ? 0 : undefined} />
      </Tooltip>
      <Typography variant="caption" color="text.secondary">
        {provider.last_sync ? `Last sync: ${formatDateTime(provider.last_sync)}` : 'Last sync: never'}
        {provider.auto_sync ? ' · auto' : ''}
      </Typography>
      {failed && provider.sync_error_message && (
        // The tooltip needs a pointer; keep the reason readable without one too.
        <Typography variant="caption" color="error" sx={{ maxWidth: 260 }} noWrap title={provider.sync_error_message}>
          {provider.sync_error_message}
        </Typography>
      )}
    </Stack>
  );
}
