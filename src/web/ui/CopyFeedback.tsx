import Alert from '@mui/material/Alert';
import Snackbar from '@mui/material/Snackbar';
import type { SnackbarCloseReason } from '@mui/material/Snackbar';
import { NOTICE_AUTO_HIDE_MS } from './useNotice.js';
import type { CopyCodeState } from './useCopyCode.js';
import { COPY_FAILED } from './useCopyCode.js';

/** The copy confirmation (its 2 s are timed by useCopyCode) and, when copying fails, how to copy by hand. */
export function CopyFeedback({ state }: { state: CopyCodeState }) {
  const closeFailure = (_event: unknown, reason?: SnackbarCloseReason) => {
    if (reason !== 'clickaway') state.dismissFailure();
  };
  return (
    <>
      <Snackbar open={state.confirmation !== null} anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}>
        <Alert severity="success" variant="filled" sx={{ width: '100%' }}>
          {state.confirmation}
        </Alert>
      </Snackbar>
      <Snackbar
        key={state.failure?.id}
        open={state.failure !== null}
        autoHideDuration={NOTICE_AUTO_HIDE_MS}
        onClose={closeFailure}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
      >
        <Alert severity="error" variant="filled" onClose={state.dismissFailure} sx={{ width: '100%' }}>
          {COPY_FAILED}
        </Alert>
      </Snackbar>
    </>
  );
}
