import PrintOutlined from '@mui/icons-material/PrintOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import GlobalStyles from '@mui/material/GlobalStyles';
import Grid from '@mui/material/Grid';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useMemo } from 'react';
import { useProviderScoped } from '../../auth/useCan.js';
import { percent } from '../../../common/api/reports.js';
import { errorMessage } from '../../api/ApiError.js';
import { AdminPageHeading } from '../../ui/AdminPageHeading.js';
import { BarList } from '../../ui/BarList.js';
import { coverageItems } from '../../ui/coverageBreakdown.js';
import { LazyTimeSeriesChart } from '../../ui/LazyTimeSeriesChart.js';
import { NoticeSnackbar } from '../../ui/NoticeSnackbar.js';
import { PeriodPicker } from '../../ui/PeriodPicker.js';
import { formatCount, formatPercent } from '../../ui/reportFormat.js';
import { formatDay, formatPeriod, formatShortDay, type PeriodRange } from '../../ui/reportPeriod.js';
import { SectionCard } from '../../ui/SectionCard.js';
import { StatCard } from '../../ui/StatCard.js';
import { useNotice } from '../../ui/useNotice.js';
import { usePeriodParam } from '../../ui/usePeriodParam.js';
import { DemandMap } from './DemandMap.js';
import { ExportCsvButton } from './ExportCsvButton.js';
import { ProviderPerformanceTable } from './ProviderPerformanceTable.js';
import { REPORT_PRINT_STYLES } from './reportPrintStyles.js';
import { type CsvReport, useExportReportCsv, useLeadActivity, useProvidersReport, useSearchesReport } from './reportsQueries.js';
import { type LeadActivity, REPORT_COLORS, leadActivitySeries, searchActivityDays, searchTotals, searchTypeItems } from './reportSeries.js';
import { RetryAlert } from '../../ui/RetryAlert.js';

const EXPORT_FAILED = 'Failed to export CSV';
const LOAD_FAILED = 'Failed to load this report';
const count = (value: number) => formatCount(value);

/** /admin/reports: search activity, coverage effectiveness, lead generation, provider performance and the demand map. */
export function ReportsPage() {
  const { choice, range, setChoice } = usePeriodParam();
  const { notice, show, close } = useNotice();
  const exportCsv = useExportReportCsv();
  // A provider editor's reports hold their providers' searches only, every one covered: the
  // coverage figures, the uncovered demand and the waitlist (the whole map's) are not theirs.
  const providerEditor = useProviderScoped();

  const exportButton = (report: CsvReport) => (
    <ExportCsvButton
      report={report}
      disabled={exportCsv.isPending}
      onClick={() =>
        exportCsv.mutate(
          { report, range },
          {
            onSuccess: (fileName) => show('success', `Downloaded ${fileName}`),
            onError: (error) => show('error', errorMessage(error, EXPORT_FAILED)),
          },
        )
      }
    />
  );

  return (
    <>
      <GlobalStyles styles={REPORT_PRINT_STYLES} />
      <AdminPageHeading
        title="Reports"
        subtitle={
          providerEditor
            ? 'How visitors find your providers on the coverage map: searches, leads, and where they searched.'
            : 'How visitors use the coverage map: searches, coverage found, leads, providers, and where demand meets no coverage.'
        }
        action={
          <Button variant="outlined" startIcon={<PrintOutlined />} onClick={() => window.print()}>
            Print / Save as PDF
          </Button>
        }
      />
      <Box sx={{ mb: 2 }}>
        <PeriodPicker value={choice} range={range} onChange={setChoice} />
      </Box>
      <Typography variant="subtitle1" component="p" sx={{ mb: 2, fontWeight: 600 }} data-testid="report-period">
        Period: {formatPeriod(range)}
      </Typography>

      <Stack spacing={3}>
        <SearchSections range={range} exportButton={exportButton('searches')} wholeMap={!providerEditor} />
        <LeadSection range={range} exportButton={exportButton('leads')} />
        <ProviderSection range={range} exportButton={exportButton('providers')} />
        <SectionCard
          className="report-section"
          title="Demand map"
          subtitle={
            providerEditor
              ? 'Where visitors searched and found your providers.'
              : 'Where visitors searched. Red marks searches that found no coverage: where to build next.'
          }
        >
          <DemandMap range={range} wholeMap={!providerEditor} />
        </SectionCard>
      </Stack>
      <NoticeSnackbar notice={notice} onClose={close} />
    </>
  );
}

/**
 * Search activity over time and coverage effectiveness: both from GET /api/reports/searches. Not
 * `wholeMap` (a provider editor's searches, all covered): what served them instead of coverage.
 */
function SearchSections({ range, exportButton, wholeMap }: { range: PeriodRange; exportButton: ReactNode; wholeMap: boolean }) {
  const report = useSearchesReport(range);
  const days = useMemo(() => (report.data ? searchActivityDays(report.data) : []), [report.data]);
  const totals = useMemo(() => searchTotals(days), [days]);
  const types = useMemo(() => (report.data ? searchTypeItems(report.data.by_search_type) : []), [report.data]);
  const typeTotal = types.reduce((sum, item) => sum + item.value, 0);
  const coverage = useMemo(() => (report.data ? coverageItems(report.data.by_coverage) : []), [report.data]);
  const servedBy = (key: string) => coverage.find((item) => item.key === key)?.value ?? 0;

  return (
    <>
      <SectionCard
        className="report-section report-section-first"
        title="Search activity"
        subtitle={wholeMap ? 'Searches per day, and whether they found coverage.' : 'Searches per day that found your providers or your towers.'}
        action={exportButton}
      >
        <ReportState query={report} label="search activity">
          {wholeMap ? (
            <Grid container spacing={2} sx={{ mb: 2 }}>
              <Grid size={{ xs: 6, md: 3 }}>
                <StatCard title="Searches" value={count(totals.searches)} />
              </Grid>
              <Grid size={{ xs: 6, md: 3 }}>
                <StatCard title="With coverage" value={count(totals.withCoverage)} />
              </Grid>
              <Grid size={{ xs: 6, md: 3 }}>
                <StatCard title="Without coverage" value={count(totals.withoutCoverage)} />
              </Grid>
              <Grid size={{ xs: 6, md: 3 }}>
                <StatCard title="Coverage rate" value={formatPercent(totals.coverageRate)} />
              </Grid>
            </Grid>
          ) : (
            <Grid container spacing={2} sx={{ mb: 2 }}>
              <Grid size={{ xs: 12, md: 4 }}>
                <StatCard title="Searches" value={count(totals.searches)} />
              </Grid>
              <Grid size={{ xs: 6, md: 4 }}>
                <StatCard title="Found your provider" value={count(servedBy('provider'))} />
              </Grid>
              <Grid size={{ xs: 6, md: 4 }}>
                <StatCard title="Your towers only" value={count(servedBy('wireless_only'))} caption="No provider listed, a tower of yours reached the spot" />
              </Grid>
            </Grid>
          )}
          <Grid container spacing={3}>
            <Grid size={{ xs: 12, lg: 8 }} className="report-print-full">
              <LazyTimeSeriesChart
                label={wholeMap ? 'Searches per day, with and without coverage' : 'Searches per day'}
                data={days}
                xKey="date"
                series={
                  wholeMap
                    ? [
                        { key: 'with_coverage', label: 'With coverage', color: REPORT_COLORS.withCoverage, kind: 'bar', stackId: 'searches' },
                        { key: 'without_coverage', label: 'Without coverage', color: REPORT_COLORS.withoutCoverage, kind: 'bar', stackId: 'searches' },
                      ]
                    : [{ key: 'searches', label: 'Searches', color: REPORT_COLORS.withCoverage, kind: 'bar' }]
                }
                formatX={formatShortDay}
                formatXLong={formatDay}
                formatValue={count}
                integers
              />
            </Grid>
            <Grid size={{ xs: 12, lg: 4 }} className="report-print-full">
              <Typography variant="subtitle2" component="h3" sx={{ mb: 1 }}>
                By search type
              </Typography>
              <BarList
                items={typeTotal === 0 ? [] : types}
                total={typeTotal}
                label="Searches by type"
                formatValue={count}
                emptyText="No searches in this period."
              />
            </Grid>
          </Grid>
        </ReportState>
      </SectionCard>

      {wholeMap && (
        <SectionCard
          className="report-section"
          title="Coverage effectiveness"
          subtitle="The share of searches that found coverage (a provider, or a wireless tower), day by day, and what served them."
        >
          <ReportState query={report} label="coverage effectiveness">
            <Typography variant="body2" sx={{ mb: 1 }}>
              {totals.searches === 0
                ? 'No searches in this period.'
                : `${formatPercent(totals.coverageRate)} of ${count(totals.searches)} searches found coverage; ${count(totals.withoutCoverage)} did not.`}
            </Typography>
            {totals.searches > 0 && (
              <Box sx={{ mb: 2, maxWidth: 480 }}>
                <BarList items={coverage} total={totals.searches} label="Searches by coverage" formatValue={count} emptyText="No searches in this period." />
              </Box>
            )}
            <LazyTimeSeriesChart
              label="Coverage rate per day"
              data={days}
              xKey="date"
              series={[{ key: 'coverage_rate', label: 'Coverage rate', color: REPORT_COLORS.coverageRate, kind: 'line' }]}
              formatX={formatShortDay}
              formatXLong={formatDay}
              formatValue={formatPercent}
              yDomain={[0, 100]}
              height={240}
            />
          </ReportState>
        </SectionCard>
      )}
    </>
  );
}

/** Lead generation: per day by type, by type, by provider; from GET /api/reports/lead_activity. */
function LeadSection({ range, exportButton }: { range: PeriodRange; exportButton: ReactNode }) {
  const activity = useLeadActivity(range);
  const searches = useSearchesReport(range);
  const summary = useMemo(() => (activity.data ? leadActivitySeries(activity.data) : null), [activity.data]);
  const totalSearches = useMemo(() => (searches.data ? searchTotals(searchActivityDays(searches.data)).searches : null), [searches.data]);

  return (
    <SectionCard className="report-section" title="Lead generation" subtitle="Sign-up and contact requests sent from the map." action={exportButton}>
      <ReportState query={activity} label="lead generation">
        {summary && <LeadCharts summary={summary} totalSearches={totalSearches} />}
      </ReportState>
    </SectionCard>
  );
}

/** The lead figures, the leads per day and the two breakdowns; the conversion rate once the searches are in (null until then). */
function LeadCharts({ summary, totalSearches }: { summary: LeadActivity; totalSearches: number | null }) {
  const { total } = summary;
  const [signUps = 0, contacts = 0] = summary.byType.map((item) => item.value);
  return (
    <>
      <Grid container spacing={2} sx={{ mb: 2 }}>
        <Grid size={{ xs: 6, md: 3 }}>
          <StatCard title="Leads" value={count(total)} />
        </Grid>
        <Grid size={{ xs: 6, md: 3 }}>
          <StatCard title="Sign ups" value={count(signUps)} />
        </Grid>
        <Grid size={{ xs: 6, md: 3 }}>
          <StatCard title="Contact requests" value={count(contacts)} />
        </Grid>
        <Grid size={{ xs: 6, md: 3 }}>
          <StatCard title="Conversion rate" value={totalSearches === null ? '…' : formatPercent(percent(total, totalSearches))} />
        </Grid>
      </Grid>
      <LazyTimeSeriesChart
        label="Leads per day, by type"
        data={summary.perDay}
        xKey="date"
        series={[
          { key: 'sign_up', label: 'Sign up', color: REPORT_COLORS.sign_up, kind: 'bar', stackId: 'leads' },
          { key: 'contact_request', label: 'Contact request', color: REPORT_COLORS.contact_request, kind: 'bar', stackId: 'leads' },
        ]}
        formatX={formatShortDay}
        formatXLong={formatDay}
        formatValue={count}
        integers
        height={240}
      />
      <Grid container spacing={3} sx={{ mt: 1 }}>
        <Grid size={{ xs: 12, md: 6 }} className="report-print-full">
          <Typography variant="subtitle2" component="h3" sx={{ mb: 1 }}>
            By type
          </Typography>
          <BarList items={total === 0 ? [] : summary.byType} label="Leads by type" formatValue={count} emptyText="No leads in this period." />
        </Grid>
        <Grid size={{ xs: 12, md: 6 }} className="report-print-full">
          <Typography variant="subtitle2" component="h3" sx={{ mb: 1 }}>
            By provider
          </Typography>
          <BarList items={summary.byProvider} label="Leads by provider" formatValue={count} emptyText="No leads in this period." />
        </Grid>
      </Grid>
    </>
  );
}

function ProviderSection({ range, exportButton }: { range: PeriodRange; exportButton: ReactNode }) {
  const report = useProvidersReport(range);
  return (
    <SectionCard
      className="report-section"
      title="Provider performance"
      subtitle="Searches in which each provider was found, the leads it received, and leads per search."
      action={exportButton}
    >
      <ReportState query={report} label="provider performance">
        <ProviderPerformanceTable providers={report.data?.providers ?? []} />
      </ReportState>
    </SectionCard>
  );
}

interface ReportQuery {
  isPending: boolean;
  isError: boolean;
  error: unknown;
  data?: unknown;
  refetch: () => unknown;
}

/** A report's loading and failure states around its content. */
function ReportState({ query, label, children }: { query: ReportQuery; label: string; children: ReactNode }) {
  if (query.isPending) {
    return (
      <Box role="status" aria-label={`Loading ${label}`}>
        <Skeleton variant="rounded" height={220} />
      </Box>
    );
  }
  if (query.isError && query.data === undefined) {
    return (
      <RetryAlert onRetry={() => void query.refetch()}>
        {LOAD_FAILED}: {errorMessage(query.error, 'the server did not answer.')}
      </RetryAlert>
    );
  }
  return <>{children}</>;
}
