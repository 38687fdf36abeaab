import Chip from '@mui/material/Chip';
import type { LeadStatus } from '../../common/api/reports.js';
import { LEAD_STATUS_LABELS } from '../../common/api/reports.js';
import { LEAD_STATUS_COLORS } from './leadLabels.js';

/** A lead's status (new, contacted, converted, closed) as a coloured chip. */
export function LeadStatusChip({ status }: { status: LeadStatus }) {
  return <Chip size="small" label={LEAD_STATUS_LABELS[status]} color={LEAD_STATUS_COLORS[status]} variant={status === 'new' ? 'filled' : 'outlined'} />;
}
