import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import type { SessionSummary } from '../../../common/api/auth.js';
import type { UserSummary } from '../../../common/api/users.js';
import { errorMessage } from '../../api/ApiError.js';
import { LoadingPanel } from '../../ui/QueryStates.js';
import { EndSessionDialog, SessionsTable } from '../../ui/SessionsTable.js';
import { useEndUserSession, useUserSessions } from './userQueries.js';
import { RetryAlert } from '../../ui/RetryAlert.js';

interface UserSessionsDialogProps {
  user: UserSummary;
  onClose: () => void;
  onEnded: (message: string) => void;
}

/** Where another user is signed in, and a way to end any of those sessions (e.g. a lost laptop). */
export function UserSessionsDialog({ user, onClose, onEnded }: UserSessionsDialogProps) {
  const titleId = useId();
  const sessions = useUserSessions(user.id);
  const end = useEndUserSession(user.id);
  const [ending, setEnding] = useState<SessionSummary | null>(null);

  const body = () => {
    if (sessions.isPending) return <LoadingPanel label={`Loading the sessions of ${user.username}`} />;
    if (sessions.isError) {
      return <RetryAlert onRetry={() => void sessions.refetch()}>{errorMessage(sessions.error, 'The sessions could not be loaded.')}</RetryAlert>;
    }
    if (sessions.data.length === 0) return <Typography color="text.secondary">{user.username} is not signed in anywhere.</Typography>;
    return <SessionsTable sessions={sessions.data} label={`Sessions of ${user.username}`} onEnd={setEnding} />;
  };

  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} maxWidth="md" fullWidth>
      <DialogTitle id={titleId}>Sessions of {user.username}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>Where {user.username} is signed in. Ending a session signs that browser out at once.</DialogContentText>
        {body()}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
      <EndSessionDialog
        session={ending}
        message={`${user.username}'s ${ending?.browser ?? ''} session will be signed out.`}
        end={end}
        onClose={() => setEnding(null)}
        onConfirm={(session) =>
          end.mutate(session.id, {
            onSuccess: () => {
              setEnding(null);
              onEnded('Session ended');
            },
          })
        }
      />
    </Dialog>
  );
}
