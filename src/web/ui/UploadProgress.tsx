import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import type { SxProps, Theme } from '@mui/material/styles';

interface UploadProgressProps {
  /** Share of the bytes sent, 0..1. */
  fraction: number;
  /** The line while sending, given the percent sent. */
  sending: (percent: number) => string;
  /** The line once every byte is sent and the server is still at work on the file. */
  processing: string;
  sx?: SxProps<Theme>;
}

/**
 * An upload's progress: a bar of the bytes sent, then, once all are sent, a moving bar while the
 * server reads the file (a large one takes a while), with a line that says which.
 */
export function UploadProgress({ fraction, sending, processing, sx }: UploadProgressProps) {
  const percent = Math.round(fraction * 100);
  const sent = percent >= 100;
  return (
    <Box role="status" sx={sx ?? { mt: 1.5 }}>
      <LinearProgress
        variant={sent ? 'indeterminate' : 'determinate'}
        value={percent}
        aria-label="Upload progress"
        aria-valuetext={sent ? 'Processing' : `${percent}%`}
      />
      <Typography variant="body2" sx={{ mt: 0.5 }}>
        {sent ? processing : sending(percent)}
      </Typography>
    </Box>
  );
}
