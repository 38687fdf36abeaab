import NotificationsActiveOutlined from '@mui/icons-material/NotificationsActiveOutlined';
import Alert from '@mui/material/Alert';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import { useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import { errorMessage } from '../../api/ApiError.js';
import { AdminPageHeading } from '../../ui/AdminPageHeading.js';
import { CsvDownloadButton } from '../../ui/CsvDownloadButton.js';
import { ConfirmDialog } from '../../ui/ConfirmDialog.js';
import { ALL, FilterSelect } from '../../ui/FilterSelect.js';
import { NoticeSnackbar } from '../../ui/NoticeSnackbar.js';
import { NoRowsPanel, PagedList, useSettledTotal } from '../../ui/PagedList.js';
import { useDeleteConfirmation } from '../../ui/useDeleteConfirmation.js';
import { useNotice } from '../../ui/useNotice.js';
import { useProviders } from '../providers/index.js';
import { WaitlistSummary } from './WaitlistSummary.js';
import { WaitlistTable } from './WaitlistTable.js';
import { ANY_PROVIDER, WAITLIST_PAGE_SIZE, type WaitlistFilters, waitlistFiltersFromParams, withWaitlistFilterParams } from './waitlistFilters.js';
import { useDeleteWaitlistEntry, useExportWaitlistCsv, useWaitlistEntries, useWaitlistSummary, useZoneChoices } from './waitlistQueries.js';
import { WAITLIST_STATUS_LABELS } from './waitlistText.js';
import { WAITLIST_STATUSES, type WaitlistEntry } from '../../../common/api/waitlist.js';

const LOAD_FAILED = 'Failed to load the waitlist';
const DELETED_FALLBACK = 'Waitlist entry deleted';
const DELETE_FAILED = 'Failed to delete the waitlist entry';

/** /admin/waitlist: who waits to hear that service reached their address (issue 20 §1), per provider and one by one. */
export function WaitlistPage() {
  const [params, setParams] = useSearchParams();
  const filters = useMemo(() => waitlistFiltersFromParams(params), [params]);
  const summary = useWaitlistSummary();
  const entries = useWaitlistEntries(filters);
  const providers = useProviders();
  const zones = useZoneChoices();
  const exportCsv = useExportWaitlistCsv();
  const remove = useDeleteWaitlistEntry();
  const { notice, show, close } = useNotice();

  const setFilters = (next: WaitlistFilters) => setParams((previous) => withWaitlistFilterParams(previous, next), { replace: true });
  const filterBy = (change: Partial<WaitlistFilters>) => setFilters({ ...filters, ...change, page: 1 });
  const paging = { page: filters.page, pageSize: WAITLIST_PAGE_SIZE, onPageChange: (page: number) => setFilters({ ...filters, page }) };
  useSettledTotal(entries, paging);

  const deletion = useDeleteConfirmation<WaitlistEntry>(remove, show, { deleted: DELETED_FALLBACK, failed: DELETE_FAILED });

  const providerOptions = [
    { value: String(ANY_PROVIDER), label: 'Any provider (none named)' },
    ...(providers.data ?? []).map((provider) => ({ value: String(provider.id), label: provider.name })),
  ];
  const zoneOptions = (zones.data ?? []).map((zone) => ({ value: String(zone.id), label: zone.name }));

  return (
    <>
      <AdminPageHeading
        title="Waitlist"
        subtitle="Visitors waiting to be told when service reaches their address, and pre-registrations in zones."
        action={<CsvDownloadButton download={exportCsv} input={filters} onResult={show} />}
      />

      {summary.isPending && <Skeleton variant="rounded" height={120} sx={{ mb: 3 }} aria-label="Loading the waitlist's counts" />}
      {summary.isError && (
        <Alert severity="error" sx={{ mb: 3 }}>
          Could not load the counts per provider. {errorMessage(summary.error, '')}
        </Alert>
      )}
      {summary.data && summary.data.length > 0 && <WaitlistSummary rows={summary.data} />}

      <Paper variant="outlined" sx={{ p: 2, mb: 2 }}>
        <Stack direction="row" useFlexGap sx={{ gap: 2, flexWrap: 'wrap' }} role="group" aria-label="Filters">
          <FilterSelect
            label="Provider"
            value={filters.providerId === null ? ALL : String(filters.providerId)}
            allLabel="All providers"
            options={providerOptions}
            onChange={(value) => filterBy({ providerId: value === ALL ? null : Number(value) })}
          />
          <FilterSelect
            label="Status"
            value={filters.status ?? ALL}
            allLabel="All statuses"
            options={WAITLIST_STATUSES.map((status) => ({ value: status, label: WAITLIST_STATUS_LABELS[status] }))}
            onChange={(value) => filterBy({ status: WAITLIST_STATUSES.find((status) => status === value) ?? null })}
          />
          <FilterSelect
            label="Zone"
            value={filters.zoneId === null ? ALL : String(filters.zoneId)}
            allLabel="All entries"
            options={zoneOptions}
            onChange={(value) => filterBy({ zoneId: value === ALL ? null : Number(value) })}
          />
        </Stack>
      </Paper>

      <PagedList
        query={entries}
        paging={paging}
        loadingLabel="Loading the waitlist"
        loadFailed={LOAD_FAILED}
        empty={
          <NoRowsPanel
            icon={<NotificationsActiveOutlined color="action" sx={{ fontSize: 48 }} />}
            title="No one on the waitlist matches"
            text="Visitors join when a search finds Coming Soon, In Progress or no coverage, and pre-register in zones. Try fewer filters."
          />
        }
      >
        {(items, footer) => <WaitlistTable entries={items} onDelete={deletion.ask} footer={footer} />}
      </PagedList>

      <ConfirmDialog
        {...deletion.dialog}
        title={deletion.item ? `Delete the entry of ${deletion.item.email}?` : 'Delete entry?'}
        message="Are you sure you want to delete this waitlist entry?"
        detail="They will not be told when service arrives, and a zone's count drops if it was a pre-registration. This cannot be undone."
      />
      <NoticeSnackbar notice={notice} onClose={close} />
    </>
  );
}
