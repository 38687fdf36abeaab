import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TableSortLabel from '@mui/material/TableSortLabel';
import Typography from '@mui/material/Typography';
import { useMemo, useState } from 'react';
import type { ProvidersReport } from '../../../common/api/reports.js';
import { formatCount, formatPercent } from '../../ui/reportFormat.js';
import { type ProviderSortKey, type SortDirection, sortProviders } from './reportSeries.js';

const COLUMNS: { key: ProviderSortKey; label: string; numeric: boolean }[] = [
  { key: 'provider_name', label: 'Provider', numeric: false },
  { key: 'searches', label: 'Searches', numeric: true },
  { key: 'leads', label: 'Leads', numeric: true },
  { key: 'conversion_rate', label: 'Conversion', numeric: true },
];

/** Each provider's searches (where it appeared), leads and conversion; sortable by any column. */
export function ProviderPerformanceTable({ providers }: { providers: ProvidersReport['providers'] }) {
  const [sort, setSort] = useState<{ key: ProviderSortKey; direction: SortDirection }>({ key: 'searches', direction: 'desc' });
  const rows = useMemo(() => sortProviders(providers, sort.key, sort.direction), [providers, sort]);

  if (providers.length === 0) {
    return <Typography color="text.secondary">No providers yet.</Typography>;
  }
  const toggle = (key: ProviderSortKey, numeric: boolean) =>
    setSort((current) =>
      current.key === key ? { key, direction: current.direction === 'asc' ? 'desc' : 'asc' } : { key, direction: numeric ? 'desc' : 'asc' },
    );

  return (
    <Paper variant="outlined">
      <TableContainer>
        <Table size="small" aria-label="Provider performance">
          <TableHead>
            <TableRow>
              {COLUMNS.map((column) => (
                <TableCell key={column.key} align={column.numeric ? 'right' : 'left'} sortDirection={sort.key === column.key ? sort.direction : false}>
                  <TableSortLabel
                    active={sort.key === column.key}
                    direction={sort.key === column.key ? sort.direction : column.numeric ? 'desc' : 'asc'}
                    onClick={() => toggle(column.key, column.numeric)}
                  >
                    {column.label}
                  </TableSortLabel>
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((row) => (
              <TableRow key={row.provider_id}>
                <TableCell sx={{ fontWeight: 600 }}>{row.provider_name}</TableCell>
                <TableCell align="right" sx={{ fontVariantNumeric: 'tabular-nums' }}>
                  {formatCount(row.searches)}
                </TableCell>
                <TableCell align="right" sx={{ fontVariantNumeric: 'tabular-nums' }}>
                  {formatCount(row.leads)}
                </TableCell>
                <TableCell align="right" sx={{ fontVariantNumeric: 'tabular-nums' }}>
                  {formatPercent(row.conversion_rate)}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
    </Paper>
  );
}
