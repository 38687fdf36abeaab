import InboxOutlined from '@mui/icons-material/InboxOutlined';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Portal from '@mui/material/Portal';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useProviderScoped } from '../../auth/useCan.js';
import { LEAD_TYPES } from '../../../common/api/leads.js';
import type { ReportLead } from '../../../common/api/reports.js';
import { LEAD_STATUS_LABELS, LEAD_STATUSES } from '../../../common/api/reports.js';
import { errorMessage } from '../../api/ApiError.js';
import { AdminPageHeading } from '../../ui/AdminPageHeading.js';
import { CsvDownloadButton } from '../../ui/CsvDownloadButton.js';
import { ALL, FilterSelect } from '../../ui/FilterSelect.js';
import { LEAD_TYPE_LABELS } from '../../ui/leadLabels.js';
import { NoticeSnackbar } from '../../ui/NoticeSnackbar.js';
import { PeriodPicker } from '../../ui/PeriodPicker.js';
import { formatCount } from '../../ui/reportFormat.js';
import { formatPeriod } from '../../ui/reportPeriod.js';
import { useNotice } from '../../ui/useNotice.js';
import { usePeriodParam } from '../../ui/usePeriodParam.js';
import { useProviders } from '../providers/index.js';
import { LeadDetailsDialog } from './LeadDetailsDialog.js';
import { type LeadFilters, leadFiltersFromParams, providerFilterOptions, withLeadFilterParams } from './leadFilters.js';
import { useExportLeadsCsv, useLeadsInbox } from './leadsQueries.js';
import { LeadsTable } from './LeadsTable.js';
import { useLeadFromUrl } from './useLeadFromUrl.js';
import { RetryAlert } from '../../ui/RetryAlert.js';

const LOAD_FAILED = 'Failed to load leads';

/** /admin/leads: every sign-up and contact request, filtered, with each lead's details and follow-up. */
export function LeadsPage() {
  const { choice, range, setChoice } = usePeriodParam();
  const [params, setParams] = useSearchParams();
  const filters = useMemo(() => leadFiltersFromParams(params), [params]);
  const inbox = useLeadsInbox(range, filters);
  const providers = useProviders();
  // A provider editor reads only their providers' leads (the server filters) and records no installs.
  const providerEditor = useProviderScoped();
  const exportCsv = useExportLeadsCsv();
  const { notice, show, close } = useNotice();

  const leads = useMemo(() => inbox.data?.leads ?? [], [inbox.data]);
  const details = useLeadFromUrl({ ...inbox, leads }, show);
  const total = inbox.data?.total ?? 0;
  const providerOptions = useMemo(() => providerFilterOptions(providers.data ?? [], !providerEditor), [providers.data, providerEditor]);

  useEffect(() => {
    if (inbox.isError) console.error(LOAD_FAILED, inbox.error);
  }, [inbox.isError, inbox.error]);

  const setFilters = (next: LeadFilters) => setParams((previous) => withLeadFilterParams(previous, next), { replace: true });
  const open = (lead: ReportLead) => {
    close();
    details.open(lead);
  };

  return (
    <>
      <AdminPageHeading
        title="Leads"
        subtitle="Sign-up and contact requests from the coverage map: follow each one up and record where it stands."
        action={<CsvDownloadButton download={exportCsv} input={{ range, filters }} onResult={show} />}
      />

      <Paper variant="outlined" sx={{ p: 2, mb: 2 }}>
        <Stack spacing={2}>
          <PeriodPicker value={choice} range={range} onChange={setChoice} />
          <Stack direction="row" useFlexGap sx={{ gap: 2, flexWrap: 'wrap' }} role="group" aria-label="Filters">
            <FilterSelect
              label="Provider"
              value={filters.providerId === null ? ALL : String(filters.providerId)}
              allLabel="All providers"
              options={providerOptions.map((p) => ({ value: String(p.id), label: p.name }))}
              onChange={(value) => setFilters({ ...filters, providerId: value === ALL ? null : Number(value) })}
            />
            <FilterSelect
              label="Lead type"
              value={filters.leadType ?? ALL}
              allLabel="All types"
              options={LEAD_TYPES.map((t) => ({ value: t, label: LEAD_TYPE_LABELS[t] }))}
              onChange={(value) => setFilters({ ...filters, leadType: LEAD_TYPES.find((t) => t === value) ?? null })}
            />
            <FilterSelect
              label="Status"
              value={filters.status ?? ALL}
              allLabel="All statuses"
              options={LEAD_STATUSES.map((s) => ({ value: s, label: LEAD_STATUS_LABELS[s] }))}
              onChange={(value) => setFilters({ ...filters, status: LEAD_STATUSES.find((s) => s === value) ?? null })}
            />
          </Stack>
        </Stack>
      </Paper>

      {inbox.isPending && (
        <Box role="status" aria-label="Loading leads">
          <Skeleton variant="rounded" height={240} />
        </Box>
      )}
      {inbox.isError && !inbox.data && (
        <RetryAlert onRetry={() => void inbox.refetch()}>
          <AlertTitle>{LOAD_FAILED}</AlertTitle>
          {errorMessage(inbox.error, '')}
        </RetryAlert>
      )}
      {inbox.data && (
        <Box sx={{ position: 'relative' }} aria-busy={inbox.isPlaceholderData}>
          {inbox.isPlaceholderData && <LinearProgress aria-label="Loading leads" sx={{ position: 'absolute', top: -4, left: 0, right: 0 }} />}
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }} data-testid="leads-count">
            {total === 0
              ? `No leads from ${formatPeriod(range)}`
              : `Showing ${formatCount(leads.length)} of ${formatCount(total)} ${total === 1 ? 'lead' : 'leads'} from ${formatPeriod(range)}`}
          </Typography>
          {leads.length === 0 ? (
            <Paper variant="outlined" sx={{ p: 6, textAlign: 'center' }}>
              <InboxOutlined color="action" sx={{ fontSize: 48 }} />
              <Typography variant="h6" component="h2" sx={{ mt: 1 }}>
                No leads match
              </Typography>
              <Typography color="text.secondary">
                Leads arrive when visitors send a sign-up or contact request from the map. Try a longer period or fewer filters.
              </Typography>
            </Paper>
          ) : (
            <LeadsTable leads={leads} onOpen={open} />
          )}
          {(inbox.hasNextPage || inbox.isFetchingNextPage) && (
            <Box sx={{ display: 'flex', justifyContent: 'center', mt: 2 }}>
              <Button variant="outlined" onClick={inbox.fetchNextPage} disabled={inbox.isFetchingNextPage}>
                {inbox.isFetchingNextPage ? 'Loading...' : 'Load more'}
              </Button>
            </Box>
          )}
          {inbox.isFetchNextPageError && (
            <Alert severity="error" sx={{ mt: 2 }}>
              {errorMessage(inbox.nextPageError, LOAD_FAILED)}
            </Alert>
          )}
        </Box>
      )}

      {details.openLead && (
        <LeadDetailsDialog
          key={details.openLead.id}
          lead={details.openLead}
          canRecordInstall={!providerEditor}
          onClose={details.close}
          onSaved={details.saved}
          onResult={show}
        />
      )}
      {/* In a portal of its own: the open details dialog hides the page from assistive technology, and a save's notice must still be heard. */}
      <Portal>
        <NoticeSnackbar notice={notice} onClose={close} />
      </Portal>
    </>
  );
}
