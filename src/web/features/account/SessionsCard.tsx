import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import type { SessionSummary } from '../../../common/api/auth.js';
import { errorMessage } from '../../api/ApiError.js';
import { LoadingPanel } from '../../ui/QueryStates.js';
import { SectionCard } from '../../ui/SectionCard.js';
import { EndSessionDialog, SessionsTable } from '../../ui/SessionsTable.js';
import { useEndSession, useSessions } from './accountQueries.js';

/** Where you are signed in, and a way to end any of those sessions. */
export function SessionsCard({ onResult }: { onResult: (message: string) => void }) {
  const sessions = useSessions();
  const end = useEndSession();
  const [ending, setEnding] = useState<SessionSummary | null>(null);

  const body = () => {
    if (sessions.isPending) return <LoadingPanel label="Loading your sessions" />;
    if (sessions.isError) {
      return (
        <Typography color="error">
          {errorMessage(sessions.error, 'Your sessions could not be loaded.')}{' '}
          <Button size="small" onClick={() => void sessions.refetch()}>
            Try again
          </Button>
        </Typography>
      );
    }
    if (sessions.data.length === 0) return <Typography color="text.secondary">No signed-in sessions.</Typography>;
    return <SessionsTable sessions={sessions.data} label="Your sessions" onEnd={setEnding} />;
  };

  return (
    <SectionCard title="Your sessions" subtitle="Where your account is signed in. End any session you do not recognise, then change your password.">
      {body()}
      <EndSessionDialog
        session={ending}
        message={
          ending?.current ? 'This is the browser you are using: ending it signs you out here.' : `The ${ending?.browser ?? ''} session will be signed out.`
        }
        end={end}
        onClose={() => setEnding(null)}
        onConfirm={(session) =>
          end.mutate(session, {
            onSuccess: () => {
              setEnding(null);
              if (!session.current) onResult('Session ended');
            },
          })
        }
      />
    </SectionCard>
  );
}
