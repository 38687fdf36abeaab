import Alert from '@mui/material/Alert';
import Snackbar from '@mui/material/Snackbar';
import type { SnackbarCloseReason } from '@mui/material/Snackbar';
import { NOTICE_AUTO_HIDE_MS, type Notice } from './useNotice.js';

interface NoticeSnackbarProps {
  notice: Notice | null;
  onClose: () => void;
}

/** The result of an action (saved, deleted, synced, failed) at the bottom of the screen. */
export function NoticeSnackbar({ notice, onClose }: NoticeSnackbarProps) {
  const handleClose = (_event: unknown, reason?: SnackbarCloseReason) => {
    // A click elsewhere (often the very click that opened a dialog) must not dismiss the result.
    if (reason === 'clickaway') return;
    onClose();
  };
  return (
    <Snackbar
      key={notice?.id}
      open={notice !== null}
      autoHideDuration={NOTICE_AUTO_HIDE_MS}
      onClose={handleClose}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
    >
      {notice ? (
        <Alert severity={notice.severity} variant="filled" onClose={onClose} sx={{ width: '100%' }}>
          {notice.message}
        </Alert>
      ) : undefined}
    </Snackbar>
  );
}
