import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useId } from 'react';

interface StatCardProps {
  title: string;
  value: string;
  icon?: ReactNode;
  /** The icon's colour, a theme path such as "primary.main". */
  color?: string;
  /** A line under the figure, e.g. what it is a share of. */
  caption?: string;
  /** What the figure is made of, under the caption. */
  details?: ReactNode;
}

/** One figure of a summary row (a group named by its title, so "Total Leads" finds its number). */
export function StatCard({ title, value, icon, color = 'primary.main', caption, details }: StatCardProps) {
  const titleId = useId();
  return (
    <Paper
      variant="outlined"
      role="group"
      aria-labelledby={titleId}
      sx={{ p: 2, display: 'flex', alignItems: 'center', gap: 2, height: '100%', breakInside: 'avoid' }}
    >
      {icon && (
        <Box sx={{ color, display: 'flex', '& svg': { fontSize: 36 } }} aria-hidden>
          {icon}
        </Box>
      )}
      <Box sx={{ minWidth: 0 }}>
        <Typography id={titleId} variant="body2" color="text.secondary">
          {title}
        </Typography>
        <Typography variant="h5" component="p" sx={{ fontWeight: 600, fontVariantNumeric: 'tabular-nums' }} data-stat-value>
          {value}
        </Typography>
        {caption && (
          <Typography variant="caption" color="text.secondary" component="p">
            {caption}
          </Typography>
        )}
        {details}
      </Box>
    </Paper>
  );
}
