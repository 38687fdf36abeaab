import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import { errorMessage } from '../../api/ApiError.js';

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
    <Alert
      severity="error"
      sx={{ mt: 2 }}
      action={
        <Button color="inherit" size="small" onClick={() => void query.refetch()}>
          Retry
        </Button>
      }
    >
      {failedText} {errorMessage(query.error, '')}
    </Alert>
  );
}
