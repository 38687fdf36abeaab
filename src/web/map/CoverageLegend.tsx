import ExpandLess from '@mui/icons-material/ExpandLess';
import ExpandMore from '@mui/icons-material/ExpandMore';
import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import Switch from '@mui/material/Switch';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { alpha } from '@mui/material/styles';
import { useId, useState } from 'react';
import { SERVICE_STATUSES } from '../../common/serviceStatus.js';
import { legendStartsCollapsed } from './legendLayout.js';
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
 * The "Coverage legend" button collapses it to its heading; it starts collapsed on small screens and in
 * short embeds (legendLayout.ts), open elsewhere, and then keeps the visitor's choice.
 */
export function CoverageLegend({ wireless }: { wireless?: WirelessLegendProps }) {
  const headingId = useId();
  const bodyId = useId();
  const [open, setOpen] = useState(() => !legendStartsCollapsed({ width: window.innerWidth, height: window.innerHeight }));
  return (
    <Paper component="section" aria-labelledby={headingId} elevation={3} sx={{ pl: 1.5, pr: 0.5, py: 0.5 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, justifyContent: 'space-between' }}>
        <Typography id={headingId} variant="caption" component="h2" sx={{ fontWeight: 700 }}>
          Coverage
        </Typography>
        <IconButton size="small" aria-label="Coverage legend" aria-expanded={open} aria-controls={bodyId} onClick={() => setOpen((was) => !was)}>
          {open ? <ExpandMore fontSize="small" /> : <ExpandLess fontSize="small" />}
        </IconButton>
      </Box>
      <Box id={bodyId} hidden={!open} sx={{ pr: 1, pb: 0.5 }}>
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
      </Box>
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
