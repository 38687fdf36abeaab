import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import Box from '@mui/material/Box';
import { Fragment, useState } from 'react';
import type { Tower } from '../../../common/api/towers.js';
import { EditDeleteActions } from '../../ui/EditDeleteActions.js';
import { formatCoverage, formatFrequencyParts, formatHeightParts, formatLocationParts } from './towerFormat.js';
import type { TowerFootprintState } from '../../../common/api/footprints.js';
import { FootprintCell } from './FootprintCell.js';

const ROWS_PER_PAGE_OPTIONS = [25, 50, 100];

interface TowersTableProps {
  towers: readonly Tower[];
  /** Each tower's footprint state, by tower id. */
  footprints: ReadonlyMap<number, TowerFootprintState>;
  onFootprintError: (message: string) => void;
  /** Absent: the role may not change towers (the buttons are not shown). */
  onEdit?: ((tower: Tower) => void) | undefined;
  onDelete?: ((tower: Tower) => void) | undefined;
}

/**
 * The towers table: Name (with description), Code, Location, Height,
 * Frequency, Coverage, Status, the predicted footprint (progress, then KML and GeoJSON), Actions. Paged, since a bulk import brings thousands of towers.
 * It fits the content area of a 1280 px window beside the menu (about 990 px) without scrolling
 * sideways: values wrap between their parts (TowerValueParts), codes and actions never wrap.
 */
export function TowersTable({ towers, footprints, onFootprintError, onEdit, onDelete }: TowersTableProps) {
  const [page, setPage] = useState(0);
  const [rowsPerPage, setRowsPerPage] = useState(ROWS_PER_PAGE_OPTIONS[0]!);
  // A delete can leave the last page empty: show the last page that still has rows.
  const lastPage = Math.max(0, Math.ceil(towers.length / rowsPerPage) - 1);
  const shownPage = Math.min(page, lastPage);
  const shown = towers.slice(shownPage * rowsPerPage, (shownPage + 1) * rowsPerPage);

  return (
    <Paper variant="outlined">
      <TableContainer>
        <Table aria-label="Towers" size="small" sx={{ '& td, & th': { py: 1.25, px: 1 } }}>
          <TableHead>
            <TableRow>
              <TableCell>Name</TableCell>
              <TableCell>Code</TableCell>
              <TableCell>Location</TableCell>
              <TableCell>Height</TableCell>
              <TableCell>Frequency</TableCell>
              <TableCell>Coverage</TableCell>
              <TableCell>Status</TableCell>
              <TableCell>Footprint</TableCell>
              <TableCell align="right">Actions</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {shown.map((tower) => (
              <TableRow key={tower.id} hover>
                <TableCell sx={{ minWidth: 150, maxWidth: 300 }}>
                  <Typography variant="body2" sx={{ fontWeight: 600 }}>
                    {tower.name}
                  </Typography>
                  {tower.description && (
                    <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                      {tower.description}
                    </Typography>
                  )}
                </TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>
                  {tower.code ?? (
                    <Typography component="span" variant="body2" color="text.secondary" aria-label="No code">
                      —
                    </Typography>
                  )}
                </TableCell>
                <TableCell sx={{ fontVariantNumeric: 'tabular-nums' }}>
                  <TowerValueParts parts={formatLocationParts(tower.latitude, tower.longitude)} />
                </TableCell>
                <TableCell>
                  <TowerValueParts parts={formatHeightParts(tower)} />
                </TableCell>
                <TableCell>
                  <TowerValueParts parts={formatFrequencyParts(tower)} />
                </TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatCoverage(tower.coverage_radius_km)}</TableCell>
                <TableCell>
                  <Chip size="small" label={tower.active ? 'Active' : 'Inactive'} color={tower.active ? 'success' : 'default'} />
                </TableCell>
                <TableCell>
                  <FootprintCell towerName={tower.name} active={tower.active} state={footprints.get(tower.id)} onError={onFootprintError} />
                </TableCell>
                <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                  <EditDeleteActions itemName={tower.name} onEdit={onEdit && (() => onEdit(tower))} onDelete={onDelete && (() => onDelete(tower))} />
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      {towers.length > ROWS_PER_PAGE_OPTIONS[0]! && (
        <TablePagination
          component="div"
          count={towers.length}
          page={shownPage}
          onPageChange={(_event, next) => setPage(next)}
          rowsPerPage={rowsPerPage}
          rowsPerPageOptions={ROWS_PER_PAGE_OPTIONS}
          onRowsPerPageChange={(event) => {
            setRowsPerPage(Number(event.target.value));
            setPage(0);
          }}
        />
      )}
    </Paper>
  );
}

/** A value that may wrap between its parts only; the text reads as the parts joined by spaces. */
function TowerValueParts({ parts }: { parts: readonly string[] }) {
  return parts.map((part, i) => (
    <Fragment key={i}>
      {i > 0 && ' '}
      <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
        {part}
      </Box>
    </Fragment>
  ));
}
