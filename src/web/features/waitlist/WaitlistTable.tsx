import DeleteOutline from '@mui/icons-material/DeleteOutlineOutlined';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { formatDateTime } from '../../ui/reportPeriod.js';
import { entryStateText, entryTarget } from './waitlistText.js';
import type { WaitlistEntry } from '../../../common/api/waitlist.js';

const STATUS_COLORS = { pending: 'default', confirmed: 'success', unsubscribed: 'warning' } as const;

interface WaitlistTableProps {
  entries: readonly WaitlistEntry[];
  onDelete: (entry: WaitlistEntry) => void;
  /** Under the rows: the pagination. */
  footer: ReactNode;
}

/** The waitlist's entries: when, who, where, for which provider (and zone), and their state. */
export function WaitlistTable({ entries, onDelete, footer }: WaitlistTableProps) {
  return (
    <Paper variant="outlined">
      <TableContainer>
        <Table size="small" aria-label="Waitlist entries" sx={{ '& td, & th': { py: 1.25, px: 1.5 } }}>
          <TableHead>
            <TableRow>
              <TableCell>Joined</TableCell>
              <TableCell>Contact</TableCell>
              <TableCell>Address</TableCell>
              <TableCell>Waiting for</TableCell>
              <TableCell>Status</TableCell>
              <TableCell align="right">Actions</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {entries.map((entry) => (
              <TableRow key={entry.id}>
                <TableCell sx={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}>{formatDateTime(entry.created_at)}</TableCell>
                <TableCell sx={{ maxWidth: 240, overflowWrap: 'anywhere' }}>
                  {entry.name && (
                    <Typography variant="body2" sx={{ fontWeight: 600 }}>
                      {entry.name}
                    </Typography>
                  )}
                  <Typography variant="body2">{entry.email}</Typography>
                  {entry.phone && (
                    <Typography variant="body2" color="text.secondary">
                      {entry.phone}
                    </Typography>
                  )}
                </TableCell>
                <TableCell sx={{ maxWidth: 280 }}>
                  <Typography variant="body2">{entry.address}</Typography>
                  <Typography variant="caption" color="text.secondary" sx={{ fontVariantNumeric: 'tabular-nums' }}>
                    {entry.lat.toFixed(5)}, {entry.lng.toFixed(5)}
                  </Typography>
                </TableCell>
                <TableCell>{entryTarget(entry)}</TableCell>
                <TableCell>
                  <Chip size="small" variant="outlined" color={STATUS_COLORS[entry.status]} label={entryStateText(entry)} />
                </TableCell>
                <TableCell align="right">
                  <Tooltip title="Delete" describeChild>
                    <IconButton aria-label={`Delete the entry of ${entry.email}`} color="error" onClick={() => onDelete(entry)}>
                      <DeleteOutline />
                    </IconButton>
                  </Tooltip>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      {footer}
    </Paper>
  );
}
