import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import { errorMessage } from '../../api/ApiError.js';
import { RetryAlert } from '../../ui/RetryAlert.js';

/** What SettingsLoadState reads of a settings card's TanStack query. */
export interface SettingsQuery {
  isPending: boolean;
  isError: boolean;
  error: unknown;
  refetch: () => unknown;
}

/**
 * A settings card's query while it has no answer: a spinner named `loadingLabel` while it loads,
 * and when it failed, `failedText` with the server's reason and a Retry button. Nothing otherwise.
 */
export function SettingsLoadState({ query, loadingLabel, failedText }: { query: SettingsQuery; loadingLabel: string; failedText: string }) {
  if (query.isPending) {
    return (
      <Box sx={{ display: 'flex', justifyContent: 'center', py: 4 }}>
        <CircularProgress aria-label={loadingLabel} />
      </Box>
    );
  }
  if (!query.isError) return null;
  return (
    <RetryAlert onRetry={() => void query.refetch()} sx={{ mt: 2 }}>
      {failedText} {errorMessage(query.error, '')}
    </RetryAlert>
  );
}
