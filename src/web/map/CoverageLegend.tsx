import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { alpha } from '@mui/material/styles';
import { useId } from 'react';
import { SERVICE_STATUSES } from '../../common/serviceStatus.js';
import { SERVICE_STATUS_STYLES } from './serviceStatusStyle.js';
import { WIRELESS_BANDS, WIRELESS_COLOR } from './wirelessOverlayLayers.js';

export interface WirelessLegendProps {
  /** Whether the predicted wireless coverage is drawn. */
  visible: boolean;
  onVisibleChange: (visible: boolean) => void;
}

/**
 * The four service statuses as the overlay draws them (a swatch of fill and outline, and the
 * label) and, with `wireless`, the predicted wireless bands with the switch that shows them.
 */
export function CoverageLegend({ wireless }: { wireless?: WirelessLegendProps }) {
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
      {wireless && <WirelessLegend {...wireless} />}
    </Paper>
  );
}

function WirelessLegend({ visible, onVisibleChange }: WirelessLegendProps) {
  return (
    <Box sx={{ mt: 1 }}>
      <FormControlLabel
        sx={{ ml: 0, mr: 0, '& .MuiFormControlLabel-label': { fontSize: 12, fontWeight: 700 } }}
        control={<Switch size="small" checked={visible} onChange={(event) => onVisibleChange(event.target.checked)} />}
        label="Wireless (predicted)"
      />
      {visible && (
        <Box component="ul" aria-label="Predicted wireless signal" sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 0.5 }}>
          {WIRELESS_BANDS.map(({ band, opacity }) => (
            <Box component="li" key={band} sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
              <Box aria-hidden sx={{ width: 22, height: 14, flexShrink: 0, borderRadius: 0.5, bgcolor: alpha(WIRELESS_COLOR, opacity) }} />
              <Typography variant="caption">{band}</Typography>
            </Box>
          ))}
        </Box>
      )}
    </Box>
  );
}
