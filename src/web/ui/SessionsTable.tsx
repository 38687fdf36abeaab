import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import type { SessionSummary } from '../../common/api/auth.js';
import { errorMessage } from '../api/ApiError.js';
import { ConfirmDialog } from './ConfirmDialog.js';
import { formatDateTime } from './reportPeriod.js';
import { visuallyHidden } from './visuallyHidden.js';

interface SessionsTableProps {
  sessions: readonly SessionSummary[];
  /** The table's accessible name, e.g. "Your sessions". */
  label: string;
  onEnd: (session: SessionSummary) => void;
}

/** Signed-in sessions (browser, address, signed in, last seen), each with End session; the Account page's and the Users screen's. */
export function SessionsTable({ sessions, label, onEnd }: SessionsTableProps) {
  return (
    <TableContainer>
      <Table size="small" aria-label={label}>
        <TableHead>
          <TableRow>
            <TableCell>Browser</TableCell>
            <TableCell>Address</TableCell>
            <TableCell>Signed in</TableCell>
            <TableCell>Last seen</TableCell>
            <TableCell align="right">
              <Box component="span" sx={visuallyHidden}>
                Actions
              </Box>
            </TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {sessions.map((session) => (
            <TableRow key={session.id}>
              <TableCell>
                {session.browser} {session.current && <Chip size="small" color="primary" label="This device" sx={{ ml: 1 }} />}
              </TableCell>
              <TableCell>{session.ip_address ?? '—'}</TableCell>
              <TableCell>{formatDateTime(session.created_at)}</TableCell>
              <TableCell>{session.last_seen_at ? formatDateTime(session.last_seen_at) : '—'}</TableCell>
              <TableCell align="right">
                <Button
                  size="small"
                  color="error"
                  onClick={() => onEnd(session)}
                  aria-label={`End session: ${session.browser}${session.current ? ', this device' : ''}`}
                >
                  End session
                </Button>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

interface EndSessionDialogProps {
  /** The session to end; the dialog is closed while null. */
  session: SessionSummary | null;
  /** Whose session this is and what ending it does. */
  message: string;
  /** The mutation that ends it: its state, and reset to clear a failure when the dialog is cancelled. */
  end: { isPending: boolean; isError: boolean; error: unknown; reset: () => void };
  /** Closes the dialog (the caller forgets the session). */
  onClose: () => void;
  onConfirm: (session: SessionSummary) => void;
}

/** Asks before ending a session; a failure to end it is shown in the dialog. */
export function EndSessionDialog({ session, message, end, onClose, onConfirm }: EndSessionDialogProps) {
  return (
    <ConfirmDialog
      open={session !== null}
      title="End this session?"
      message={message}
      detail={end.isError ? errorMessage(end.error, 'The session could not be ended.') : undefined}
      confirmLabel="End session"
      pendingLabel="Ending..."
      pending={end.isPending}
      onCancel={() => {
        onClose();
        end.reset();
      }}
      onConfirm={() => session && onConfirm(session)}
    />
  );
}
