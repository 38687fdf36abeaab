import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import type { PasswordStrength, StrengthLabel } from '../../../common/passwordStrength.js';
import { PASSWORD_TOO_COMMON } from '../../../common/passwordStrength.js';

/** passwordStrength awards one point for each of six criteria. */
const MAX_STRENGTH_SCORE = 6;

const LABEL_COLOR: Record<StrengthLabel, 'error' | 'warning' | 'success'> = {
  Weak: 'error',
  Medium: 'warning',
  Strong: 'success',
};

interface PasswordStrengthMeterProps {
  /** The rating of the server's rule (passwordRating); null while that rule is still loading. */
  rating: (PasswordStrength & { problem: string | null }) | null;
}

export function PasswordStrengthMeter({ rating }: PasswordStrengthMeterProps) {
  if (rating === null) {
    return (
      <Box sx={{ mt: 1 }}>
        <LinearProgress aria-label="Password strength" aria-valuetext="Checking" sx={{ height: 8, borderRadius: 4 }} />
        <Typography variant="body2" sx={{ mt: 0.5 }}>
          Password strength: checking...
        </Typography>
      </Box>
    );
  }
  const { score, label, problem } = rating;
  const color = LABEL_COLOR[label];
  return (
    <Box sx={{ mt: 1 }}>
      <LinearProgress
        variant="determinate"
        value={(score / MAX_STRENGTH_SCORE) * 100}
        color={color}
        aria-label="Password strength"
        aria-valuetext={label}
        sx={{ height: 8, borderRadius: 4 }}
      />
      <Typography variant="body2" sx={{ mt: 0.5 }}>
        Password strength:{' '}
        <Box component="strong" sx={{ color: `${color}.main` }}>
          {label}
        </Box>
      </Typography>
      {/* The checklist below tells what a weak score lacks; a common password needs saying. */}
      {problem === PASSWORD_TOO_COMMON && (
        <Typography variant="body2" color="error" sx={{ mt: 0.5 }}>
          {problem}
        </Typography>
      )}
    </Box>
  );
}
