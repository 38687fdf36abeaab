import Add from '@mui/icons-material/Add';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useId, useRef, useState } from 'react';
import type { AntennaPatternSummary } from '../../../common/api/antennaPatterns.js';
import { MAX_SECTORS_PER_TOWER, SECTOR_LIMIT_MESSAGE } from '../../../common/api/sectors.js';
import { errorMessage } from '../../api/ApiError.js';
import { ConfirmDialog } from '../../ui/ConfirmDialog.js';
import { beamText } from '../../ui/antennaBeamText.js';
import { EditDeleteActions } from '../../ui/EditDeleteActions.js';
import { useAntennaPatterns } from '../settings/index.js';
import { SectorDialog, type TowerRadio } from './SectorDialog.js';
import type { SectorPayload } from './sectorForm.js';
import { formatNumber } from './towerFormat.js';
import { useDeleteSector } from './towerQueries.js';

/** A row of the table: a stored sector (with its id) or one waiting for its new tower (with a key of its own). */
export interface SectorRow {
  key: string;
  id?: number;
  sector: SectorPayload;
}

interface SectorsTableProps {
  /** The stored tower whose sectors are saved at once; null for a tower not yet added. */
  towerId: number | null;
  rows: readonly SectorRow[];
  tower: TowerRadio;
  /** For a tower not yet added: the sectors it will be given once it is. */
  onKeptChange: (rows: SectorRow[]) => void;
  onResult: (severity: 'success' | 'error', message: string) => void;
}

/** Columns a phone leaves out: their values go under the sector's name instead. */
const WIDE_ONLY = { display: { xs: 'none', sm: 'table-cell' } } as const;

/**
 * The tower dialog's sectors: a table with add, edit and delete. A stored tower's sectors are saved
 * at once; a new tower's are kept here and saved after the tower is created.
 */
export function SectorsTable({ towerId, rows, tower, onKeptChange, onResult }: SectorsTableProps) {
  const headingId = useId();
  const limitId = useId();
  const patterns = useAntennaPatterns();
  const remove = useDeleteSector();
  /** Keys of the sectors kept for a tower not yet added. */
  const nextKey = useRef(0);
  /** The open sector dialog: `row` null adds one. */
  const [editor, setEditor] = useState<{ row: SectorRow | null } | null>(null);
  const [deleting, setDeleting] = useState<{ row: SectorRow; open: boolean } | null>(null);
  const byId = new Map((patterns.data ?? []).map((pattern) => [pattern.id, pattern]));
  const full = rows.length >= MAX_SECTORS_PER_TOWER;

  const confirmDelete = () => {
    if (!deleting) return;
    const { row } = deleting;
    const close = () => setDeleting({ row, open: false });
    if (row.id === undefined || towerId === null) {
      onKeptChange(rows.filter((other) => other.key !== row.key));
      close();
      return;
    }
    remove.mutate(
      { towerId, sectorId: row.id },
      {
        onSuccess: (envelope) => onResult('success', envelope.message ?? 'Sector deleted successfully'),
        onError: (error) => onResult('error', errorMessage(error, 'Failed to delete sector')),
        onSettled: close,
      },
    );
  };

  return (
    <Box component="section" aria-labelledby={headingId} sx={{ mt: 3 }}>
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', gap: 1, flexWrap: 'wrap' }}>
        <Typography id={headingId} variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
          Sectors
        </Typography>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          {full && (
            <Typography id={limitId} variant="body2" color="text.secondary">
              {SECTOR_LIMIT_MESSAGE}
            </Typography>
          )}
          <Button
            size="small"
            variant="outlined"
            startIcon={<Add />}
            disabled={full || !patterns.isSuccess}
            aria-describedby={full ? limitId : undefined}
            onClick={() => setEditor({ row: null })}
          >
            Add Sector
          </Button>
        </Stack>
      </Stack>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {towerId === null
          ? 'Sector antennas on this tower, each pointing one way. They are saved once the tower is added.'
          : 'Sector antennas on this tower, each pointing one way; changes here are saved at once.'}{' '}
        A tower without sectors has one omni antenna.
      </Typography>
      {patterns.isError && (
        <Typography variant="body2" color="error">
          Could not load the antenna patterns. {errorMessage(patterns.error, '')}
        </Typography>
      )}
      {rows.length === 0 ? (
        <Typography variant="body2" sx={{ fontStyle: 'italic' }}>
          No sectors: an omni antenna.
        </Typography>
      ) : (
        <TableContainer>
          <Table size="small" aria-labelledby={headingId} sx={{ '& td, & th': { px: 0.75 } }}>
            <TableHead>
              <TableRow>
                <TableCell>Name</TableCell>
                <TableCell>Azimuth</TableCell>
                <TableCell sx={WIDE_ONLY}>Down-tilt</TableCell>
                <TableCell>Pattern</TableCell>
                <TableCell sx={WIDE_ONLY}>Radio</TableCell>
                <TableCell sx={WIDE_ONLY}>Height</TableCell>
                <TableCell sx={WIDE_ONLY}>Status</TableCell>
                <TableCell align="right">Actions</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((row) => (
                <SectorTableRow
                  key={row.key}
                  row={row}
                  pattern={byId.get(row.sector.antenna_pattern_id)}
                  tower={tower}
                  onEdit={() => setEditor({ row })}
                  onDelete={() => setDeleting({ row, open: true })}
                />
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}

      {editor && patterns.data && (
        <SectorDialog
          sector={editor.row ? { ...editor.row.sector, ...(editor.row.id === undefined ? {} : { id: editor.row.id }) } : null}
          towerId={towerId}
          patterns={patterns.data}
          tower={tower}
          onClose={() => setEditor(null)}
          onKeep={(sector) => {
            const row = editor.row;
            onKeptChange(
              row ? rows.map((other) => (other.key === row.key ? { ...other, sector } : other)) : [...rows, { key: `kept-${(nextKey.current += 1)}`, sector }],
            );
          }}
          onSaved={(message) => onResult('success', message)}
        />
      )}
      <ConfirmDialog
        open={deleting?.open ?? false}
        pending={remove.isPending}
        title={deleting ? `Delete sector ${deleting.row.sector.name}?` : 'Delete sector?'}
        message={deleting ? `Are you sure you want to delete the sector "${deleting.row.sector.name}"?` : 'Are you sure you want to delete this sector?'}
        detail={towerId === null ? undefined : 'The tower answers without it at once. This cannot be undone.'}
        onConfirm={confirmDelete}
        onCancel={() => setDeleting((current) => current && { ...current, open: false })}
      />
    </Box>
  );
}

function SectorTableRow({
  row,
  pattern,
  tower,
  onEdit,
  onDelete,
}: {
  row: SectorRow;
  pattern: AntennaPatternSummary | undefined;
  tower: TowerRadio;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const { sector } = row;
  const frequency = sector.frequency_ghz === undefined ? `${tower.frequency_ghz} GHz` : `${formatNumber(sector.frequency_ghz, 3)} GHz`;
  const power = sector.power_dbm === undefined ? `${tower.power_dbm} dBm` : `${formatNumber(sector.power_dbm)} dBm`;
  const towerHeight = tower.antennaHeightM === null ? "tower's" : `${formatNumber(tower.antennaHeightM)} m (tower's)`;
  const height = sector.height_m === null ? towerHeight : `${formatNumber(sector.height_m)} m`;
  const status = sector.active ? 'Active' : 'Inactive';
  const tilt = `${formatNumber(sector.downtilt_deg, 1)}°`;
  return (
    <TableRow>
      <TableCell sx={{ fontWeight: 500 }}>
        {sector.name}
        <Typography variant="caption" color="text.secondary" sx={{ display: { xs: 'block', sm: 'none' } }}>
          {tilt} down-tilt, {frequency}, {power}, {height}, {status}
        </Typography>
      </TableCell>
      <TableCell>{formatNumber(sector.azimuth_deg, 1)}°</TableCell>
      <TableCell sx={WIDE_ONLY}>{tilt}</TableCell>
      <TableCell>
        {pattern ? (
          <>
            {pattern.name}
            <Typography variant="caption" component="div" color="text.secondary">
              {formatNumber(pattern.peak_gain_dbi, 1)} dBi, {beamText(pattern.horizontal_beamwidth_deg)} beam
            </Typography>
          </>
        ) : (
          `Pattern ${sector.antenna_pattern_id}`
        )}
      </TableCell>
      <TableCell sx={WIDE_ONLY}>
        {frequency}
        <Typography variant="caption" component="div" color="text.secondary">
          {power}
        </Typography>
      </TableCell>
      <TableCell sx={WIDE_ONLY}>{height}</TableCell>
      <TableCell sx={WIDE_ONLY}>{status}</TableCell>
      <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
        <EditDeleteActions itemName={`sector ${sector.name}`} onEdit={onEdit} onDelete={onDelete} />
      </TableCell>
    </TableRow>
  );
}
