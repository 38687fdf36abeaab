import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Grid from '@mui/material/Grid';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import type { ErrorFigures, ErrorGroup, MeasurementReport } from '../../../common/api/measurements.js';
import { MIN_CALIBRATION_MEASUREMENTS } from '../../../common/api/measurements.js';
import { formatCount } from '../../ui/reportFormat.js';
import { formatDateTime } from '../../ui/reportPeriod.js';
import { SectionCard } from '../../ui/SectionCard.js';
import { StatCard } from '../../ui/StatCard.js';
import { formatDb } from '../../ui/dbText.js';
import { biasText, formatResidual, SIGMA_SOURCE_TEXT } from './measurementText.js';
import { PredictedMeasuredScatter } from './PredictedMeasuredScatter.js';

const numeric = { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } as const;

/** The business figure: "91%", or "—" when no install was called serviceable. */
function successText(figures: MeasurementReport['serviceable']['uncalibrated'] | null): string {
  if (!figures || figures.success_pct === null) return '—';
  return `${Math.round(figures.success_pct)}%`;
}

function successCaption(figures: MeasurementReport['serviceable']['uncalibrated'] | null): string {
  if (!figures || figures.predicted_serviceable === 0) return 'No install the map called serviceable yet';
  return `${formatCount(figures.successful)} of ${formatCount(figures.predicted_serviceable)} installs the map called serviceable got a usable signal`;
}

/**
 * GET /api/measurements/report: how far to trust the map. The error figures of the model as it is
 * and, once fitted, of the calibrated one (cross-validated: each measurement predicted by a fit
 * that never saw it), the spread the public likelihood uses, the installs' success rate, the same
 * figures per sector, distance band and clutter class, and predicted against measured.
 */
export function MeasurementReportPanel({ report }: { report: MeasurementReport }) {
  const calibratedTitle = `Calibrated (cross-validated, ${report.validation.folds} folds)`;
  return (
    <SectionCard
      title="How far to trust the map"
      subtitle={
        <>
          Every measurement against what the model predicts at its spot. A residual is measured − predicted: negative where the map promises more than was
          measured.
        </>
      }
    >
      <Stack spacing={2}>
        {report.pending > 0 && (
          <Alert severity="info" role="status">
            Predictions in progress: {formatCount(report.pending)}. The figures below count the measurements predicted so far.
          </Alert>
        )}
        {report.count < MIN_CALIBRATION_MEASUREMENTS && report.pending === 0 && (
          <Alert severity="info">
            {formatCount(report.count)} {report.count === 1 ? 'measurement has' : 'measurements have'} a signal and a prediction. Calibration and its
            cross-validated figures need at least {MIN_CALIBRATION_MEASUREMENTS}.
          </Alert>
        )}
        <Grid container spacing={2}>
          <Grid size={{ xs: 12, sm: 6, lg: 3 }}>
            <StatCard
              title="Measurements"
              value={formatCount(report.count)}
              caption={`of ${formatCount(report.total)} stored`}
              details={
                <Typography variant="caption" color="text.secondary" component="p">
                  {formatCount(report.out_of_range)} out of range · {formatCount(report.failed_installs)} failed installs
                </Typography>
              }
            />
          </Grid>
          <Grid size={{ xs: 12, sm: 6, lg: 3 }}>
            <StatCard
              title="RMSE"
              value={formatDb(report.calibrated?.rmse_db ?? report.uncalibrated.rmse_db, 'dB')}
              caption={report.calibrated ? `calibrated; ${formatDb(report.uncalibrated.rmse_db, 'dB')} uncalibrated` : 'uncalibrated'}
            />
          </Grid>
          <Grid size={{ xs: 12, sm: 6, lg: 3 }}>
            <StatCard
              title="Spread (σ) of the public likelihood"
              value={formatDb(report.sigma_db, 'dB')}
              caption={`from ${SIGMA_SOURCE_TEXT[report.sigma_source]}`}
            />
          </Grid>
          <Grid size={{ xs: 12, sm: 6, lg: 3 }}>
            <StatCard
              title="Serviceable installs that worked"
              value={successText(report.serviceable.calibrated ?? report.serviceable.uncalibrated)}
              caption={successCaption(report.serviceable.calibrated ?? report.serviceable.uncalibrated)}
              details={
                report.serviceable.calibrated && (
                  <Typography variant="caption" color="text.secondary" component="p">
                    Uncalibrated: {successText(report.serviceable.uncalibrated)}
                  </Typography>
                )
              }
            />
          </Grid>
        </Grid>

        <Paper variant="outlined">
          <TableContainer>
            <Table size="small" aria-label="Error figures">
              <TableHead>
                <TableRow>
                  <TableCell>Figure</TableCell>
                  <TableCell align="right">Uncalibrated</TableCell>
                  <TableCell align="right">{calibratedTitle}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                <FigureRow label="Measurements" uncalibrated={report.uncalibrated} calibrated={report.calibrated} figure={(f) => formatCount(f.count)} />
                <FigureRow
                  label="Mean error (bias)"
                  uncalibrated={report.uncalibrated}
                  calibrated={report.calibrated}
                  figure={(f) => formatResidual(f.mean_error_db)}
                />
                <FigureRow
                  label="Standard deviation"
                  uncalibrated={report.uncalibrated}
                  calibrated={report.calibrated}
                  figure={(f) => formatDb(f.std_db, 'dB')}
                />
                <FigureRow label="RMSE" uncalibrated={report.uncalibrated} calibrated={report.calibrated} figure={(f) => formatDb(f.rmse_db, 'dB')} />
              </TableBody>
            </Table>
          </TableContainer>
        </Paper>
        <Typography variant="body2" color="text.secondary">
          {biasText('The uncalibrated model', report.uncalibrated)} {report.calibrated && biasText('The calibrated model', report.calibrated)}{' '}
          {report.fitted_at
            ? `Calibration fitted ${formatDateTime(report.fitted_at)}${report.fit_ms !== null ? ` in ${formatCount(Math.round(report.fit_ms))} ms` : ''}.`
            : 'No calibration fitted yet.'}
        </Typography>

        <GroupTables report={report} />

        <Box>
          <Typography variant="subtitle2" component="h3">
            Predicted against measured
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
            On the dashed line the prediction was exact; under it, the map promised more signal than was measured.
            {report.scatter.length > 0 &&
              ` ${formatCount(report.scatter.length)} measurements shown${report.scatter.length < report.count ? ', an even sample' : ''}.`}
          </Typography>
          {report.scatter.length === 0 ? (
            <Typography variant="body2" color="text.secondary">
              Nothing to plot yet.
            </Typography>
          ) : (
            <PredictedMeasuredScatter points={report.scatter} />
          )}
        </Box>
      </Stack>
    </SectionCard>
  );
}

function FigureRow({
  label,
  uncalibrated,
  calibrated,
  figure,
}: {
  label: string;
  uncalibrated: ErrorFigures;
  calibrated: ErrorFigures | null;
  figure: (figures: ErrorFigures) => string;
}) {
  return (
    <TableRow>
      <TableCell component="th" scope="row">
        {label}
      </TableCell>
      <TableCell align="right" sx={numeric}>
        {figure(uncalibrated)}
      </TableCell>
      <TableCell align="right" sx={numeric}>
        {calibrated ? figure(calibrated) : '—'}
      </TableCell>
    </TableRow>
  );
}

const GROUPINGS = [
  { key: 'by_sector', label: 'By sector', column: 'Sector' },
  { key: 'by_distance_band', label: 'By distance', column: 'Distance' },
  { key: 'by_clutter_class', label: 'By clutter class', column: 'Clutter class' },
] as const;

/** The figures per sector, distance band and clutter class, one tab each. */
function GroupTables({ report }: { report: MeasurementReport }) {
  const [chosen, setChosen] = useState(0);
  const tabsId = useId();
  const grouping = GROUPINGS[chosen]!;
  const groups: readonly ErrorGroup[] = report[grouping.key];
  return (
    <Box>
      <Tabs value={chosen} onChange={(_event, value: number) => setChosen(value)} aria-label="Error figures by group" sx={{ minHeight: 40 }}>
        {GROUPINGS.map((item, index) => (
          <Tab key={item.key} label={item.label} id={`${tabsId}-tab-${index}`} aria-controls={`${tabsId}-panel`} sx={{ minHeight: 40 }} />
        ))}
      </Tabs>
      <Paper variant="outlined" id={`${tabsId}-panel`} role="tabpanel" aria-labelledby={`${tabsId}-tab-${chosen}`}>
        <TableContainer>
          <Table size="small" aria-label={`Error figures ${grouping.label.toLowerCase()}`}>
            <TableHead>
              <TableRow>
                <TableCell>{grouping.column}</TableCell>
                <TableCell align="right">Measurements</TableCell>
                <TableCell align="right">Bias</TableCell>
                <TableCell align="right">RMSE</TableCell>
                <TableCell align="right">Calibrated bias</TableCell>
                <TableCell align="right">Calibrated RMSE</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {groups.length === 0 && (
                <TableRow>
                  <TableCell colSpan={6}>
                    <Typography variant="body2" color="text.secondary">
                      No measurements with a prediction yet.
                    </Typography>
                  </TableCell>
                </TableRow>
              )}
              {groups.map((group) => (
                <TableRow key={group.key}>
                  <TableCell component="th" scope="row">
                    {group.label}
                  </TableCell>
                  <TableCell align="right" sx={numeric}>
                    {formatCount(group.count)}
                  </TableCell>
                  <TableCell align="right" sx={numeric}>
                    {formatResidual(group.uncalibrated.mean_error_db)}
                  </TableCell>
                  <TableCell align="right" sx={numeric}>
                    {formatDb(group.uncalibrated.rmse_db, 'dB')}
                  </TableCell>
                  <TableCell align="right" sx={numeric}>
                    {group.calibrated ? formatResidual(group.calibrated.mean_error_db) : '—'}
                  </TableCell>
                  <TableCell align="right" sx={numeric}>
                    {group.calibrated ? formatDb(group.calibrated.rmse_db, 'dB') : '—'}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      </Paper>
    </Box>
  );
}
