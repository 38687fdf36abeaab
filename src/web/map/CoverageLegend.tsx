import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { alpha } from '@mui/material/styles';
import { useId } from 'react';
import { SERVICE_STATUSES } from '../../common/serviceStatus.js';
import { SERVICE_STATUS_STYLES } from './serviceStatusStyle.js';

/** The four service statuses as the overlay draws them: a swatch of fill and outline, and the label. */
export function CoverageLegend() {
  const headingId = useId();
  return (
    <Paper component="section" aria-labelledby={headingId} elevation={3} sx={{ px: 1.5, py: 1 }}>
      <Typography id={headingId} variant="caption" component="h2" sx={{ fontWeight: 700, display: 'block', mb: 0.5 }}>
        Coverage
      </Typography>
      <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 0.5 }}>
        {SERVICE_STATUSES.map((status) => {
          const style = SERVICE_STATUS_STYLES[status];
          return (
            <Box component="li" key={status} sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
              <Box
                aria-hidden
                sx={{
                  width: 22,
                  height: 14,
                  flexShrink: 0,
                  borderRadius: 0.5,
                  bgcolor: alpha(style.color, Math.max(style.fillOpacity, 0.2)),
                  border: `2px ${style.line} ${style.color}`,
                }}
              />
              <Typography variant="caption">{style.label}</Typography>
            </Box>
          );
        })}
      </Box>
    </Paper>
  );
}
