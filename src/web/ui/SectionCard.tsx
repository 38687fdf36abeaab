import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useId } from 'react';

interface SectionCardProps {
  title: string;
  /** A line under the title. */
  subtitle?: ReactNode;
  /** Buttons at the title's right (hidden in print with the other buttons). */
  action?: ReactNode;
  children: ReactNode;
  /** Extra class names, e.g. "report-section" for the print stylesheet's page breaks. */
  className?: string;
}

/** A titled panel of a report screen: a region named by its heading. */
export function SectionCard({ title, subtitle, action, children, className }: SectionCardProps) {
  const headingId = useId();
  return (
    <Paper variant="outlined" component="section" aria-labelledby={headingId} className={className} sx={{ p: 2, height: '100%' }}>
      <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'flex-start', gap: 2, flexWrap: 'wrap', mb: 1.5 }}>
        <Box sx={{ minWidth: 0 }}>
          <Typography id={headingId} variant="h6" component="h2">
            {title}
          </Typography>
          {subtitle && (
            <Typography variant="body2" color="text.secondary" component="div">
              {subtitle}
            </Typography>
          )}
        </Box>
        {action && (
          <Box data-print-hide sx={{ flexShrink: 0, display: 'flex', gap: 1 }}>
            {action}
          </Box>
        )}
      </Box>
      {children}
    </Paper>
  );
}
