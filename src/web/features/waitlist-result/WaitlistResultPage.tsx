import CheckCircleOutlined from '@mui/icons-material/CheckCircleOutlined';
import LinkOffOutlined from '@mui/icons-material/LinkOffOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Container from '@mui/material/Container';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useLocation } from 'react-router-dom';
import { OUTCOME_TEXTS, outcomeFromSearch } from './waitlistOutcome.js';

/**
 * /waitlist: where the links of the waitlist e-mails land (the server redirects here with
 * ?outcome=confirmed|already_confirmed|unsubscribed|invalid), saying what happened, with the way
 * back to the map.
 */
export function WaitlistResultPage() {
  const outcome = OUTCOME_TEXTS[outcomeFromSearch(useLocation().search)];
  const Icon = outcome.success ? CheckCircleOutlined : LinkOffOutlined;
  return (
    <Box component="main" sx={{ minHeight: '100dvh', py: { xs: 4, md: 8 } }}>
      <title>{`${outcome.heading} · ISP Coverage Map`}</title>
      <Container maxWidth="sm">
        <Card>
          <CardContent sx={{ p: { xs: 3, sm: 4 } }}>
            <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
              <Icon color={outcome.success ? 'success' : 'warning'} sx={{ fontSize: 48 }} aria-hidden />
              <Typography variant="h5" component="h1">
                {outcome.heading}
              </Typography>
              <Typography>{outcome.text}</Typography>
              {/* A full page load: the map is a public page of its own (main.tsx), drawn ahead of time. */}
              <Button variant="contained" href="/">
                Back to the coverage map
              </Button>
            </Stack>
          </CardContent>
        </Card>
      </Container>
    </Box>
  );
}
