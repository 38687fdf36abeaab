import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { formatCount } from '../../ui/reportFormat.js';
import { summaryTotals } from './waitlistText.js';
import type { WaitlistSummaryRow } from '../../../common/api/waitlist.js';

/** The entries per provider and status, with a total row. */
export function WaitlistSummary({ rows }: { rows: readonly WaitlistSummaryRow[] }) {
  const totals = summaryTotals(rows);
  const number = { fontVariantNumeric: 'tabular-nums' } as const;
  return (
    <Paper variant="outlined" sx={{ mb: 3 }}>
      <TableContainer>
        <Table size="small" aria-label="Waitlist per provider">
          <TableHead>
            <TableRow>
              <TableCell>Provider</TableCell>
              <TableCell align="right">Confirmed</TableCell>
              <TableCell align="right">Told it is live</TableCell>
              <TableCell align="right">Awaiting confirmation</TableCell>
              <TableCell align="right">Unsubscribed</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((row) => (
              <TableRow key={row.provider_id ?? 'any'}>
                <TableCell>{row.provider_name}</TableCell>
                <TableCell align="right" sx={{ ...number, fontWeight: 600 }}>
                  {formatCount(row.confirmed)}
                </TableCell>
                <TableCell align="right" sx={number}>
                  {formatCount(row.notified)}
                </TableCell>
                <TableCell align="right" sx={number}>
                  {formatCount(row.pending)}
                </TableCell>
                <TableCell align="right" sx={number}>
                  {formatCount(row.unsubscribed)}
                </TableCell>
              </TableRow>
            ))}
            {rows.length > 1 && (
              <TableRow sx={{ '& td': { fontWeight: 600, borderBottom: 0 } }}>
                <TableCell>All providers</TableCell>
                <TableCell align="right" sx={number}>
                  {formatCount(totals.confirmed)}
                </TableCell>
                <TableCell align="right" sx={number}>
                  {formatCount(totals.notified)}
                </TableCell>
                <TableCell align="right" sx={number}>
                  {formatCount(totals.pending)}
                </TableCell>
                <TableCell align="right" sx={number}>
                  {formatCount(totals.unsubscribed)}
                </TableCell>
              </TableRow>
            )}
          </TableBody>
        </Table>
      </TableContainer>
    </Paper>
  );
}
