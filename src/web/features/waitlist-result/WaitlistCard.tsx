import type { SvgIconComponent } from '@mui/icons-material';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Container from '@mui/material/Container';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

interface WaitlistCardProps {
  icon: SvgIconComponent;
  iconColor: 'primary' | 'success' | 'warning';
  heading: string;
  text: string;
  /** What follows the text: the page's button and anything it has to say. */
  children: ReactNode;
}

/** The one card of the pages a waitlist e-mail's links open: an icon, the heading, a sentence, the action. */
export function WaitlistCard({ icon: Icon, iconColor, heading, text, children }: WaitlistCardProps) {
  return (
    <Box component="main" sx={{ minHeight: '100dvh', py: { xs: 4, md: 8 } }}>
      <title>{`${heading} · ISP Coverage Map`}</title>
      <Container maxWidth="sm">
        <Card>
          <CardContent sx={{ p: { xs: 3, sm: 4 } }}>
            <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
              <Icon color={iconColor} sx={{ fontSize: 48 }} aria-hidden />
              <Typography variant="h5" component="h1">
                {heading}
              </Typography>
              <Typography>{text}</Typography>
              {children}
            </Stack>
          </CardContent>
        </Card>
      </Container>
    </Box>
  );
}
