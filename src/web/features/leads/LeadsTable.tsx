import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { ReportLead } from '../../../common/api/reports.js';
import { LEAD_TYPE_LABELS, leadProviderName } from '../../ui/leadLabels.js';
import { LeadStatusChip } from '../../ui/LeadStatusChip.js';
import { formatDateTime } from '../../ui/reportPeriod.js';
import { installText } from './leadInstallForm.js';

interface LeadsTableProps {
  leads: readonly ReportLead[];
  onOpen: (lead: ReportLead) => void;
}

/** The inbox: Date, Name, Contact, Provider, Type, Status (and the install, when one is recorded); a row (or its name, by keyboard) opens the lead. */
export function LeadsTable({ leads, onOpen }: LeadsTableProps) {
  return (
    <Paper variant="outlined">
      <TableContainer>
        <Table aria-label="Leads" size="small" sx={{ '& td, & th': { py: 1.25, px: 1.5 } }}>
          <TableHead>
            <TableRow>
              <TableCell>Date</TableCell>
              <TableCell>Name</TableCell>
              <TableCell>Contact</TableCell>
              <TableCell>Provider</TableCell>
              <TableCell>Type</TableCell>
              <TableCell>Status</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {leads.map((lead) => (
              <TableRow key={lead.id} hover onClick={() => onOpen(lead)} sx={{ cursor: 'pointer' }}>
                <TableCell sx={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}>{formatDateTime(lead.created_at)}</TableCell>
                <TableCell sx={{ minWidth: 140 }}>
                  <Link
                    component="button"
                    type="button"
                    underline="hover"
                    aria-label={`Open lead ${lead.name}`}
                    onClick={(event) => {
                      event.stopPropagation();
                      onOpen(lead);
                    }}
                    sx={{ fontWeight: 600, textAlign: 'left', overflowWrap: 'anywhere' }}
                  >
                    {lead.name}
                  </Link>
                  {lead.message && (
                    <Typography variant="body2" color="text.secondary" noWrap sx={{ maxWidth: 280 }}>
                      {lead.message}
                    </Typography>
                  )}
                </TableCell>
                <TableCell sx={{ maxWidth: 260 }}>
                  {lead.email && (
                    <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
                      {lead.email}
                    </Typography>
                  )}
                  {lead.phone && (
                    <Typography variant="body2" color={lead.email ? 'text.secondary' : undefined} sx={{ whiteSpace: 'nowrap' }}>
                      {lead.phone}
                    </Typography>
                  )}
                  {!lead.email && !lead.phone && (
                    <Typography variant="body2" color="text.secondary">
                      —
                    </Typography>
                  )}
                </TableCell>
                <TableCell>{leadProviderName(lead)}</TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{LEAD_TYPE_LABELS[lead.lead_type]}</TableCell>
                <TableCell>
                  <LeadStatusChip status={lead.status} />
                  {lead.install && (
                    <Typography
                      variant="caption"
                      color={lead.install.outcome === 'failed' ? 'error' : 'text.secondary'}
                      sx={{ display: 'block', whiteSpace: 'nowrap', mt: 0.25 }}
                    >
                      {installText(lead.install)}
                    </Typography>
                  )}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
    </Paper>
  );
}
