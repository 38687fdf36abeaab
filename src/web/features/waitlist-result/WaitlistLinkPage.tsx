import MarkEmailReadOutlined from '@mui/icons-material/MarkEmailReadOutlined';
import UnsubscribeOutlined from '@mui/icons-material/UnsubscribeOutlined';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { Navigate, useLocation, useNavigate } from 'react-router-dom';
import type { WaitlistLinkAction } from '../../../common/api/waitlist.js';
import { errorMessage } from '../../api/ApiError.js';
import { WaitlistCard } from './WaitlistCard.js';
import { useWaitlistLinkAction } from './waitlistLinkQueries.js';
import { LINK_ACTION_TEXTS, outcomePath } from './waitlistOutcome.js';

const ACTION_FAILED = 'That did not work. Please try again.';

/**
 * /waitlist/confirm?token=… and /waitlist/unsubscribe?token=…, where a waitlist e-mail's link
 * leads: nothing happens until the visitor presses the button, because mail scanners open every
 * link of a mail before its reader does. The outcome then replaces this page (and its token) in
 * the history, so going back or reloading never posts again.
 */
export function WaitlistLinkPage({ action }: { action: WaitlistLinkAction }) {
  const token = new URLSearchParams(useLocation().search).get('token') ?? '';
  const navigate = useNavigate();
  const press = useWaitlistLinkAction(action);
  const texts = LINK_ACTION_TEXTS[action];
  if (!token) return <Navigate to={outcomePath('invalid')} replace />;

  const onPress = () => press.mutate(token, { onSuccess: ({ outcome }) => navigate(outcomePath(outcome), { replace: true }) });
  return (
    <WaitlistCard icon={action === 'confirm' ? MarkEmailReadOutlined : UnsubscribeOutlined} iconColor="primary" heading={texts.heading} text={texts.text}>
      {press.isError && (
        <Alert severity="error" sx={{ alignSelf: 'stretch' }}>
          {errorMessage(press.error, ACTION_FAILED)}
        </Alert>
      )}
      <Button variant="contained" size="large" onClick={onPress} disabled={press.isPending}>
        {press.isPending ? texts.pending : texts.button}
      </Button>
    </WaitlistCard>
  );
}
