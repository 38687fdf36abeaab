import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';

interface CenteredSpinnerProps {
  /** What is being waited for, read out by screen readers. */
  label: string;
}

export function CenteredSpinner({ label }: CenteredSpinnerProps) {
  return (
    <Box sx={{ minHeight: '100dvh', display: 'flex', alignItems: 'center', justifyContent: 'center' }}>
      <CircularProgress aria-label={label} />
    </Box>
  );
}
