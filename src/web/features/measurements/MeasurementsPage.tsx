import DeleteSweepOutlined from '@mui/icons-material/DeleteSweepOutlined';
import SignalCellularAltOutlined from '@mui/icons-material/SignalCellularAltOutlined';
import UploadFileOutlined from '@mui/icons-material/UploadFileOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { errorMessage } from '../../api/ApiError.js';
import { AdminPageHeading } from '../../ui/AdminPageHeading.js';
import { CsvDownloadButton } from '../../ui/CsvDownloadButton.js';
import { ConfirmDialog } from '../../ui/ConfirmDialog.js';
import { ALL, FilterSelect } from '../../ui/FilterSelect.js';
import { NoticeSnackbar } from '../../ui/NoticeSnackbar.js';
import { NoRowsPanel, PagedList, useSettledTotal } from '../../ui/PagedList.js';
import { EmptyPanel } from '../../ui/QueryStates.js';
import { formatCount } from '../../ui/reportFormat.js';
import { useDeleteConfirmation } from '../../ui/useDeleteConfirmation.js';
import { useNotice } from '../../ui/useNotice.js';
import { useTowers } from '../towers/index.js';
import { MeasurementImportDialog } from './MeasurementImportDialog.js';
import { MeasurementReportPanel } from './MeasurementReportPanel.js';
import {
  isFiltered,
  type MeasurementFilters,
  MEASUREMENTS_PAGE_SIZE,
  measurementFiltersFromParams,
  withMeasurementFilterParams,
} from './measurementFilters.js';
import {
  useDeleteFilteredMeasurements,
  useDeleteMeasurement,
  useExportMeasurementsCsv,
  useMeasurementPoints,
  useMeasurementReport,
  useMeasurements,
} from './measurementsQueries.js';
import { MeasurementsTable } from './MeasurementsTable.js';
import { SOURCE_LABELS } from './measurementText.js';
import { ResidualMap } from './ResidualMap.js';
import { type Measurement, MEASUREMENT_POINTS_LIMIT, MEASUREMENT_SOURCES } from '../../../common/api/measurements.js';
import { RetryAlert } from '../../ui/RetryAlert.js';

const LOAD_FAILED = 'Failed to load the measurements';
const DELETED_FALLBACK = 'Measurement deleted';
const DELETE_FAILED = 'Failed to delete the measurement';

/**
 * /admin/measurements (issue 21): the signals measured at installs, site surveys and drive tests,
 * how far the map's predictions are from them (the report), where (the residual map), and the
 * measurements themselves, filtered, a page at a time, with import, CSV export and delete.
 */
export function MeasurementsPage() {
  const [params, setParams] = useSearchParams();
  const filters = useMemo(() => measurementFiltersFromParams(params), [params]);
  const measurements = useMeasurements(filters);
  const points = useMeasurementPoints(filters);
  const report = useMeasurementReport();
  const towers = useTowers();
  const exportCsv = useExportMeasurementsCsv();
  const remove = useDeleteMeasurement();
  const removeShown = useDeleteFilteredMeasurements();
  const [importing, setImporting] = useState(false);
  const [confirmingBulk, setConfirmingBulk] = useState(false);
  const { notice, show, close } = useNotice();
  const total = measurements.data?.total ?? 0;

  const setFilters = (next: MeasurementFilters) => setParams((previous) => withMeasurementFilterParams(previous, next), { replace: true });
  const filterBy = (change: Partial<MeasurementFilters>) => setFilters({ ...filters, ...change, page: 1 });

  const paging = { page: filters.page, pageSize: MEASUREMENTS_PAGE_SIZE, onPageChange: (page: number) => setFilters({ ...filters, page }) };
  const settledTotal = useSettledTotal(measurements, paging);

  const deletion = useDeleteConfirmation<Measurement>(remove, show, { deleted: DELETED_FALLBACK, failed: DELETE_FAILED });

  const deleteShown = () =>
    removeShown.mutate(filters, {
      onSuccess: ({ deleted_count }) => show('success', `${formatCount(deleted_count)} ${deleted_count === 1 ? 'measurement' : 'measurements'} deleted`),
      onError: (error) => show('error', errorMessage(error, 'Failed to delete the measurements')),
      onSettled: () => setConfirmingBulk(false),
    });

  const towerList = towers.data ?? [];
  const tower = towerList.find((candidate) => candidate.id === filters.towerId) ?? null;
  const towerOptions = towerList.map((candidate) => ({
    value: String(candidate.id),
    label: candidate.code ? `${candidate.name} (${candidate.code})` : candidate.name,
  }));
  const sectorOptions = (tower?.sectors ?? []).map((sector) => ({ value: String(sector.id), label: sector.name }));
  const pointList = points.data ?? [];

  return (
    <>
      <AdminPageHeading
        title="Measurements"
        subtitle="Signals measured at installs, site surveys and drive tests, against what the map predicts there."
        action={
          <Stack direction="row" spacing={1}>
            <CsvDownloadButton download={exportCsv} input={filters} onResult={show} disabled={total === 0} />
            <Button variant="contained" startIcon={<UploadFileOutlined />} onClick={() => setImporting(true)}>
              Import
            </Button>
          </Stack>
        }
      />

      <Box sx={{ mb: 3 }}>
        {report.isPending && (
          <Box role="status" aria-label="Loading the error report">
            <Skeleton variant="rounded" height={200} />
          </Box>
        )}
        {report.isError && <RetryAlert onRetry={() => void report.refetch()}>Could not load the error report. {errorMessage(report.error, '')}</RetryAlert>}
        {report.data && report.data.total > 0 && <MeasurementReportPanel report={report.data} />}
      </Box>

      <Paper variant="outlined" sx={{ p: 2, mb: 2 }}>
        <Stack direction="row" useFlexGap sx={{ gap: 2, flexWrap: 'wrap', alignItems: 'center' }} role="group" aria-label="Filters">
          <FilterSelect
            label="Tower"
            value={filters.towerId === null ? ALL : String(filters.towerId)}
            allLabel="All towers"
            options={towerOptions}
            onChange={(value) => filterBy({ towerId: value === ALL ? null : Number(value), sectorId: null })}
          />
          {sectorOptions.length > 0 && (
            <FilterSelect
              label="Sector"
              value={filters.sectorId === null ? ALL : String(filters.sectorId)}
              allLabel="All sectors"
              options={sectorOptions}
              onChange={(value) => filterBy({ sectorId: value === ALL ? null : Number(value) })}
            />
          )}
          <FilterSelect
            label="Source"
            value={filters.source ?? ALL}
            allLabel="All sources"
            options={MEASUREMENT_SOURCES.map((source) => ({ value: source, label: SOURCE_LABELS[source] }))}
            onChange={(value) => filterBy({ source: MEASUREMENT_SOURCES.find((source) => source === value) ?? null })}
          />
          <TextField
            type="date"
            size="small"
            margin="none"
            fullWidth={false}
            label="From"
            value={filters.from ?? ''}
            onChange={(event) => filterBy({ from: event.target.value || null })}
            slotProps={{ inputLabel: { shrink: true }, htmlInput: { max: filters.to ?? undefined } }}
          />
          <TextField
            type="date"
            size="small"
            margin="none"
            fullWidth={false}
            label="To"
            value={filters.to ?? ''}
            onChange={(event) => filterBy({ to: event.target.value || null })}
            slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: filters.from ?? undefined } }}
          />
          <Box sx={{ flex: 1 }} />
          {/* Only the count of the filters shown: while a changed filter's page loads, the count on screen is the old filters'. */}
          <Button
            color="error"
            startIcon={<DeleteSweepOutlined />}
            disabled={settledTotal === null || settledTotal === 0 || removeShown.isPending}
            onClick={() => setConfirmingBulk(true)}
          >
            Delete {formatCount(total)} shown
          </Button>
        </Stack>
      </Paper>

      <PagedList
        query={measurements}
        paging={paging}
        loadingLabel="Loading the measurements"
        loadFailed={LOAD_FAILED}
        empty={<NoRowsPanel title="No measurements match" text="Try fewer filters." />}
        around={(rows) =>
          total === 0 && !isFiltered(filters) ? (
            <EmptyPanel
              icon={<SignalCellularAltOutlined color="action" sx={{ fontSize: 48 }} />}
              title="No measurements yet"
              text="Import the signals your installs, site surveys and drive tests recorded, or mark a lead installed in the leads inbox. The map's error figures and its calibration come from them."
              actions={
                <Button variant="contained" startIcon={<UploadFileOutlined />} onClick={() => setImporting(true)}>
                  Import measurements
                </Button>
              }
            />
          ) : (
            <Stack spacing={2}>
              <ResidualMap points={pointList} loading={points.isFetching} failed={points.isError} />
              <Typography variant="body2" color="text.secondary" data-testid="residual-map-summary">
                {formatCount(pointList.length)} {pointList.length === 1 ? 'measurement' : 'measurements'} on the map
                {pointList.length >= MEASUREMENT_POINTS_LIMIT && ` (the newest ${formatCount(MEASUREMENT_POINTS_LIMIT)})`}.
              </Typography>
              {rows}
            </Stack>
          )
        }
      >
        {(items, footer) => <MeasurementsTable measurements={items} onDelete={deletion.ask} footer={footer} />}
      </PagedList>

      {importing && <MeasurementImportDialog onClose={() => setImporting(false)} />}
      <ConfirmDialog
        {...deletion.dialog}
        title="Delete this measurement?"
        message={
          deletion.item
            ? `The measurement of ${deletion.item.tower_name}${deletion.item.sector_name ? ` · ${deletion.item.sector_name}` : ''} taken ${deletion.item.measured_at.slice(0, 10)} will be deleted.`
            : 'The measurement will be deleted.'
        }
        detail="The error figures and the calibration are worked out again without it. This cannot be undone."
      />
      <ConfirmDialog
        open={confirmingBulk}
        pending={removeShown.isPending}
        title={`Delete ${formatCount(total)} ${total === 1 ? 'measurement' : 'measurements'}?`}
        message={isFiltered(filters) ? 'Every measurement the filters match will be deleted, on every page.' : 'Every measurement will be deleted.'}
        detail="The error figures and the calibration are worked out again without them. This cannot be undone."
        confirmLabel={`Delete ${formatCount(total)}`}
        onConfirm={deleteShown}
        onCancel={() => setConfirmingBulk(false)}
      />
      <NoticeSnackbar notice={notice} onClose={close} />
    </>
  );
}
