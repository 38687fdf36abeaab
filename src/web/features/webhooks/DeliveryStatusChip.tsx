import Chip from '@mui/material/Chip';
import type { WebhookDeliveryStatus } from '../../../common/api/webhooks.js';

const COLORS = { delivered: 'success', failed: 'error', pending: 'warning' } as const;

/** A delivery's outcome in its colour: green delivered, red failed, amber pending or retrying. */
export function DeliveryStatusChip({ status, label }: { status: WebhookDeliveryStatus; label: string }) {
  return <Chip size="small" variant="outlined" color={COLORS[status]} label={label} />;
}
