import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { AdminZone } from '../../../common/api/zones.js';
import { EditDeleteActions } from '../../ui/EditDeleteActions.js';
import { formatDay, formatInstantDay, progressPercent } from './zoneFormat.js';

interface ZonesTableProps {
  zones: readonly AdminZone[];
  onEdit: (zone: AdminZone) => void;
  onDelete: (zone: AdminZone) => void;
}

/** A dash for an empty cell, named for assistive technology. */
function NoValue({ label }: { label: string }) {
  return (
    <Typography component="span" variant="body2" color="text.secondary" aria-label={label}>
      —
    </Typography>
  );
}

/** The zones: name (and message), provider, confirmed pre-registrations against the goal, deadline, state, goal reached, actions. */
export function ZonesTable({ zones, onEdit, onDelete }: ZonesTableProps) {
  return (
    <Paper variant="outlined">
      <TableContainer>
        <Table aria-label="Zones" size="small" sx={{ '& td, & th': { py: 1.25, px: 1 }, '& thead th': { whiteSpace: 'nowrap' } }}>
          <TableHead>
            <TableRow>
              <TableCell>Name</TableCell>
              <TableCell>Provider</TableCell>
              <TableCell>Confirmed of goal</TableCell>
              <TableCell>Deadline</TableCell>
              <TableCell>Status</TableCell>
              <TableCell>Goal reached</TableCell>
              <TableCell align="right">Actions</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {zones.map((zone) => (
              <TableRow key={zone.id} hover>
                <TableCell sx={{ minWidth: 160, maxWidth: 320 }}>
                  <Typography variant="body2" sx={{ fontWeight: 600 }}>
                    {zone.name}
                  </Typography>
                  {zone.message && (
                    <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                      {zone.message}
                    </Typography>
                  )}
                </TableCell>
                <TableCell>{zone.provider_name}</TableCell>
                <TableCell sx={{ minWidth: 160 }}>
                  <ZoneProgress confirmed={zone.confirmed_count} goal={zone.goal} name={zone.name} />
                </TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{zone.deadline ? formatDay(zone.deadline) : <NoValue label="No deadline" />}</TableCell>
                <TableCell>
                  <Chip size="small" label={zone.active ? 'Active' : 'Inactive'} color={zone.active ? 'success' : 'default'} />
                </TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>
                  {zone.goal_reached_at ? formatInstantDay(zone.goal_reached_at) : <NoValue label="Not yet" />}
                </TableCell>
                <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                  <EditDeleteActions itemName={zone.name} onEdit={() => onEdit(zone)} onDelete={() => onDelete(zone)} />
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
    </Paper>
  );
}

/** "87 of 120" over a bar (full and green once the goal is reached). */
function ZoneProgress({ confirmed, goal, name }: { confirmed: number; goal: number; name: string }) {
  const reached = confirmed >= goal;
  const text = `${confirmed.toLocaleString('en-US')} of ${goal.toLocaleString('en-US')}`;
  return (
    <Box>
      <Typography variant="body2" sx={{ fontVariantNumeric: 'tabular-nums' }}>
        {text}
      </Typography>
      <LinearProgress
        variant="determinate"
        value={progressPercent(confirmed, goal)}
        color={reached ? 'success' : 'primary'}
        aria-label={`${name}: ${text} confirmed`}
        sx={{ mt: 0.5, height: 6, borderRadius: 3 }}
      />
    </Box>
  );
}
