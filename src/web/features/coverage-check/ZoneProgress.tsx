import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import type { PublicZone } from '../../../common/api/zones.js';
import { zoneProgressPercent, zoneProgressText } from '../../map/zoneProgress.js';

/** "31 March 2027" for a zone's YYYY-MM-DD deadline, in the visitor's language. */
function deadlineText(deadline: string): string {
  const [year, month, day] = deadline.split('-').map(Number);
  if (!year || !month || !day) return deadline;
  return new Date(year, month - 1, day).toLocaleDateString(undefined, { day: 'numeric', month: 'long', year: 'numeric' });
}

/** A zone's progress toward its goal: a bar, "87 of 120 — help bring fibre to Bredasdorp", and the deadline. */
export function ZoneProgress({ zone }: { zone: PublicZone }) {
  return (
    <Box>
      <LinearProgress
        variant="determinate"
        value={zoneProgressPercent(zone)}
        aria-label={`Pre-registrations in ${zone.name}: ${zone.confirmed_count} of ${zone.goal}`}
        sx={{ height: 8, borderRadius: 4 }}
      />
      <Typography variant="body2" sx={{ mt: 0.75 }}>
        {zoneProgressText(zone)}
      </Typography>
      {zone.deadline && (
        <Typography variant="caption" color="text.secondary">
          Pre-registration closes on {deadlineText(zone.deadline)}
        </Typography>
      )}
    </Box>
  );
}
