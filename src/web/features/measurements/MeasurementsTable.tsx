import DeleteOutline from '@mui/icons-material/DeleteOutlineOutlined';
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
import { CLUTTER_CLASS_LABELS } from '../../../common/api/clutterAreas.js';
import type { Measurement } from '../../../common/api/measurements.js';
import { formatDateTime } from '../../ui/reportPeriod.js';
import { visuallyHidden } from '../../ui/visuallyHidden.js';
import { formatDb } from '../../ui/dbText.js';
import { formatResidual, measuredText, predictedText, SOURCE_LABELS } from './measurementText.js';
import { residualColor } from './residualMap.js';

interface MeasurementsTableProps {
  measurements: readonly Measurement[];
  onDelete: (measurement: Measurement) => void;
  /** Under the rows: the pagination. */
  footer: ReactNode;
}

const numeric = { whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' } as const;

/** The measurements: where (tower, sector), what was measured, what the model predicted there, the residual, distance and clutter class. */
export function MeasurementsTable({ measurements, onDelete, footer }: MeasurementsTableProps) {
  return (
    <Paper variant="outlined">
      <TableContainer>
        <Table size="small" aria-label="Measurements" sx={{ '& td, & th': { py: 0.75, px: 1 } }}>
          <TableHead>
            <TableRow>
              <TableCell>Measured</TableCell>
              <TableCell>Tower · sector</TableCell>
              <TableCell align="right">Signal, dBm</TableCell>
              <TableCell align="right">Predicted, dBm</TableCell>
              <TableCell align="right">Calibrated, dBm</TableCell>
              <TableCell align="right">Residual, dB</TableCell>
              <TableCell align="right">Distance, km</TableCell>
              <TableCell>Clutter</TableCell>
              <TableCell>Source</TableCell>
              <TableCell align="right">
                <span style={visuallyHidden}>Actions</span>
              </TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {measurements.map((measurement) => (
              <TableRow key={measurement.id}>
                <TableCell sx={numeric}>{formatDateTime(measurement.measured_at)}</TableCell>
                <TableCell sx={{ minWidth: 170 }}>
                  <Typography variant="body2">{measurement.tower_name}</Typography>
                  <Typography variant="caption" color="text.secondary">
                    {measurement.sector_name ?? 'Best sector'} · {measurement.height_m} m{measurement.cpe_profile ? ` · ${measurement.cpe_profile}` : ''}
                  </Typography>
                </TableCell>
                <TableCell align="right" sx={numeric}>
                  {measuredText(measurement)}
                </TableCell>
                <TableCell align="right" sx={numeric}>
                  {predictedText(measurement)}
                </TableCell>
                <TableCell align="right" sx={numeric}>
                  {formatDb(measurement.calibrated_dbm)}
                </TableCell>
                <TableCell align="right" sx={numeric}>
                  {measurement.residual_db !== null && (
                    <span
                      aria-hidden
                      style={{
                        display: 'inline-block',
                        width: 10,
                        height: 10,
                        borderRadius: '50%',
                        marginRight: 6,
                        background: residualColor(measurement.residual_db),
                        border: '1px solid #616161',
                      }}
                    />
                  )}
                  {formatResidual(measurement.residual_db, null)}
                </TableCell>
                <TableCell align="right" sx={numeric}>
                  {measurement.distance_km === null ? '—' : measurement.distance_km.toFixed(2)}
                </TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>
                  {measurement.clutter_class ? CLUTTER_CLASS_LABELS[measurement.clutter_class] : measurement.predicted ? 'Open' : '—'}
                </TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>
                  {SOURCE_LABELS[measurement.source]}
                  {measurement.lead_id !== null && (
                    <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }}>
                      Lead #{measurement.lead_id}
                    </Typography>
                  )}
                </TableCell>
                <TableCell align="right">
                  <Tooltip title="Delete" describeChild>
                    <IconButton size="small" aria-label={`Delete measurement ${measurement.id}`} color="error" onClick={() => onDelete(measurement)}>
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
