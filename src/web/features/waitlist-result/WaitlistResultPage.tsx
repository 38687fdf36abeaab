import CheckCircleOutlined from '@mui/icons-material/CheckCircleOutlined';
import LinkOffOutlined from '@mui/icons-material/LinkOffOutlined';
import Button from '@mui/material/Button';
import { useLocation } from 'react-router-dom';
import { WaitlistCard } from './WaitlistCard.js';
import { OUTCOME_TEXTS, outcomeFromSearch } from './waitlistOutcome.js';

/**
 * /waitlist?outcome=confirmed|already_confirmed|unsubscribed|invalid: where the button of a
 * waitlist link's page leads (WaitlistLinkPage), saying what happened, with the way back to the map.
 */
export function WaitlistResultPage() {
  const outcome = OUTCOME_TEXTS[outcomeFromSearch(useLocation().search)];
  return (
    <WaitlistCard
      icon={outcome.success ? CheckCircleOutlined : LinkOffOutlined}
      iconColor={outcome.success ? 'success' : 'warning'}
      heading={outcome.heading}
      text={outcome.text}
    >
      {/* A full page load: the map is a public page of its own (main.tsx), drawn ahead of time. */}
      <Button variant="contained" href="/">
        Back to the coverage map
      </Button>
    </WaitlistCard>
  );
}
