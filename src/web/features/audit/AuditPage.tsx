import HistoryOutlined from '@mui/icons-material/HistoryOutlined';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import { errorMessage } from '../../api/ApiError.js';
import { AdminPageHeading } from '../../ui/AdminPageHeading.js';
import { CsvDownloadButton } from '../../ui/CsvDownloadButton.js';
import { ALL, FilterSelect } from '../../ui/FilterSelect.js';
import { NoticeSnackbar } from '../../ui/NoticeSnackbar.js';
import { NoRowsPanel, PagedList } from '../../ui/PagedList.js';
import { useNotice } from '../../ui/useNotice.js';
import { AuditTable } from './AuditTable.js';
import { AUDIT_PAGE_SIZE, type AuditScreenFilters, auditFiltersFromParams, withAuditFilterParams } from './auditFilters.js';
import { useAuditEntries, useAuditFacets, useExportAuditCsv } from './auditQueries.js';
import { auditWord } from './auditText.js';

const LOAD_FAILED = 'Failed to load the audit log';

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

  const words = (names: readonly string[] | undefined) => (names ?? []).map((name) => ({ value: name, label: auditWord(name) }));

  return (
    <>
      <AdminPageHeading
        title="Audit log"
        subtitle="Every change made through the admin: who made it, when, from which address, and what it changed."
        action={<CsvDownloadButton download={exportCsv} input={filters} onResult={show} />}
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

      <PagedList
        query={entries}
        paging={{ page: filters.page, pageSize: AUDIT_PAGE_SIZE, onPageChange: (page) => setFilters({ ...filters, page }) }}
        loadingLabel="Loading the audit log"
        loadFailed={LOAD_FAILED}
        empty={
          <NoRowsPanel
            icon={<HistoryOutlined color="action" sx={{ fontSize: 48 }} />}
            title="No audit entries match"
            text="Changes made through the admin appear here. Try fewer filters or a wider period."
          />
        }
      >
        {(items, footer) => <AuditTable entries={items} footer={footer} />}
      </PagedList>
      <NoticeSnackbar notice={notice} onClose={close} />
    </>
  );
}
