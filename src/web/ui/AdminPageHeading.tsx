import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

interface AdminPageHeadingProps {
  title: string;
  /** One line under the heading saying what the screen is for. */
  subtitle?: string;
  /** The screen's main action (e.g. an Add button), beside the heading on wide screens. */
  action?: ReactNode;
}

/** The heading of an admin screen; it also names the browser tab. */
export function AdminPageHeading({ title, subtitle, action }: AdminPageHeadingProps) {
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ justifyContent: 'space-between', alignItems: { sm: 'flex-start' }, mb: 3 }}>
      <Box>
        <title>{`${title} · Admin · ISP Coverage Map`}</title>
        <Typography variant="h4" component="h1">
          {title}
        </Typography>
        {subtitle && (
          <Typography color="text.secondary" sx={{ mt: 0.5 }}>
            {subtitle}
          </Typography>
        )}
      </Box>
      {action && <Box sx={{ flexShrink: 0 }}>{action}</Box>}
    </Stack>
  );
}
