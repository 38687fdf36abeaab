import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import type { StrengthLabel } from '../../../common/passwordStrength.js';
import { passwordStrength } from '../../../common/passwordStrength.js';

/** passwordStrength awards one point for each of six criteria. */
const MAX_STRENGTH_SCORE = 6;

const LABEL_COLOR: Record<StrengthLabel, 'error' | 'warning' | 'success'> = {
  Weak: 'error',
  Medium: 'warning',
  Strong: 'success',
};

interface PasswordStrengthMeterProps {
  password: string;
}

export function PasswordStrengthMeter({ password }: PasswordStrengthMeterProps) {
  const { score, label } = passwordStrength(password);
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
    </Box>
  );
}
