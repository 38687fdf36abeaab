import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import HistoryOutlined from '@mui/icons-material/HistoryOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TablePagination from '@mui/material/TablePagination';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import { errorMessage } from '../../api/ApiError.js';
import { AdminPageHeading } from '../../ui/AdminPageHeading.js';
import { ALL, FilterSelect } from '../../ui/FilterSelect.js';
import { NoticeSnackbar } from '../../ui/NoticeSnackbar.js';
import { formatCount } from '../../ui/reportFormat.js';
import { useNotice } from '../../ui/useNotice.js';
import { AuditTable } from './AuditTable.js';
import { AUDIT_PAGE_SIZE, type AuditScreenFilters, auditFiltersFromParams, withAuditFilterParams } from './auditFilters.js';
import { useAuditEntries, useAuditFacets, useExportAuditCsv } from './auditQueries.js';
import { auditWord } from './auditText.js';

const LOAD_FAILED = 'Failed to load the audit log';
const EXPORT_FAILED = 'Failed to export CSV';

/** /admin/audit: who changed what, when and from where (issue 22 §4), filtered, with each change's fields and CSV. */
export function AuditPage() {
  const [params, setParams] = useSearchParams();
  const filters = useMemo(() => auditFiltersFromParams(params), [params]);
  const entries = useAuditEntries(filters);
  const facets = useAuditFacets();
  const exportCsv = useExportAuditCsv();
  const { notice, show, close } = useNotice();

  const setFilters = (next: AuditScreenFilters) => setParams((previous) => withAuditFilterParams(previous, next), { replace: true });
  const filterBy = (change: Partial<AuditScreenFilters>) => setFilters({ ...filters, ...change, page: 1 });
  const choice = (value: string) => (value === ALL ? null : value);

  const exportEntries = () =>
    exportCsv.mutate(filters, {
      onSuccess: (fileName) => show('success', `Downloaded ${fileName}`),
      onError: (error) => show('error', errorMessage(error, EXPORT_FAILED)),
    });

  const words = (names: readonly string[] | undefined) => (names ?? []).map((name) => ({ value: name, label: auditWord(name) }));

  return (
    <>
      <AdminPageHeading
        title="Audit log"
        subtitle="Every change made through the admin: who made it, when, from which address, and what it changed."
        action={
          <Button variant="outlined" startIcon={<FileDownloadOutlined />} onClick={exportEntries} disabled={exportCsv.isPending}>
            {exportCsv.isPending ? 'Exporting...' : 'Export CSV'}
          </Button>
        }
      />

      <Paper variant="outlined" sx={{ p: 2, mb: 2 }}>
        <Stack direction="row" useFlexGap sx={{ gap: 2, flexWrap: 'wrap' }} role="group" aria-label="Filters">
          <FilterSelect
            label="Who"
            value={filters.actor ?? ALL}
            allLabel="Everyone"
            options={(facets.data?.actors ?? []).map((actor) => ({ value: actor, label: actor }))}
            onChange={(value) => filterBy({ actor: choice(value) })}
          />
          <FilterSelect
            label="Entity"
            value={filters.entity ?? ALL}
            allLabel="All entities"
            options={words(facets.data?.entities)}
            onChange={(value) => filterBy({ entity: choice(value) })}
          />
          <FilterSelect
            label="Action"
            value={filters.action ?? ALL}
            allLabel="All actions"
            options={words(facets.data?.actions)}
            onChange={(value) => filterBy({ action: choice(value) })}
          />
          <TextField
            type="date"
            size="small"
            margin="none"
            fullWidth={false}
            label="From"
            value={filters.from ?? ''}
            onChange={(event) => filterBy({ from: event.target.value || null })}
            slotProps={{ inputLabel: { shrink: true } }}
          />
          <TextField
            type="date"
            size="small"
            margin="none"
            fullWidth={false}
            label="To"
            value={filters.to ?? ''}
            onChange={(event) => filterBy({ to: event.target.value || null })}
            slotProps={{ inputLabel: { shrink: true } }}
          />
        </Stack>
        {facets.isError && (
          <Typography variant="body2" color="error" sx={{ mt: 1 }}>
            Could not load the filters' choices. {errorMessage(facets.error, '')}
          </Typography>
        )}
      </Paper>

      {entries.isPending && <Skeleton variant="rounded" height={240} aria-label="Loading the audit log" />}
      {entries.isError && !entries.data && (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void entries.refetch()}>
              Retry
            </Button>
          }
        >
          {LOAD_FAILED}. {errorMessage(entries.error, '')}
        </Alert>
      )}
      {entries.data && (
        <Box sx={{ position: 'relative' }} aria-busy={entries.isPlaceholderData}>
          {entries.isPlaceholderData && <LinearProgress aria-label="Loading the audit log" sx={{ position: 'absolute', top: -4, left: 0, right: 0 }} />}
          {entries.data.items.length === 0 ? (
            <Paper variant="outlined" sx={{ p: 6, textAlign: 'center' }}>
              <HistoryOutlined color="action" sx={{ fontSize: 48 }} />
              <Typography variant="h6" component="h2" sx={{ mt: 1 }}>
                No audit entries match
              </Typography>
              <Typography color="text.secondary">Changes made through the admin appear here. Try fewer filters or a wider period.</Typography>
            </Paper>
          ) : (
            <AuditTable
              entries={entries.data.items}
              footer={
                <TablePagination
                  component="div"
                  count={entries.data.total}
                  page={filters.page - 1}
                  rowsPerPage={AUDIT_PAGE_SIZE}
                  rowsPerPageOptions={[]}
                  onPageChange={(_event, page) => setFilters({ ...filters, page: page + 1 })}
                  labelDisplayedRows={({ from, to, count }) => `${formatCount(from)}–${formatCount(to)} of ${formatCount(count)}`}
                />
              }
            />
          )}
        </Box>
      )}
      <NoticeSnackbar notice={notice} onClose={close} />
    </>
  );
}
