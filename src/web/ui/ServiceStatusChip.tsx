import Chip from '@mui/material/Chip';
import type { ChipProps } from '@mui/material/Chip';
import { isServiceStatus } from '../../common/serviceStatus.js';
import { SERVICE_STATUS_STYLES } from '../map/serviceStatusStyle.js';

interface ServiceStatusChipProps {
  /** A service status; other text (e.g. from a provider's own API) is shown as it is, in grey. */
  status: string;
  size?: ChipProps['size'];
}

/** A service status in its map colour: live orange, in progress green, coming soon blue, unknown grey. */
export function ServiceStatusChip({ status, size = 'small' }: ServiceStatusChipProps) {
  const style = SERVICE_STATUS_STYLES[isServiceStatus(status) ? status : 'unknown'];
  const label = isServiceStatus(status) ? style.label : status;
  return <Chip size={size} label={label} sx={{ bgcolor: style.color, color: style.contrastText, fontWeight: 600 }} />;
}
