import AssignmentIndOutlined from '@mui/icons-material/AssignmentIndOutlined';
import PercentOutlined from '@mui/icons-material/PercentOutlined';
import SearchOutlined from '@mui/icons-material/SearchOutlined';
import WifiTetheringOutlined from '@mui/icons-material/WifiTetheringOutlined';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Grid from '@mui/material/Grid';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useId, useMemo } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { useProviderScoped } from '../../auth/useCan.js';
import type { DashboardData } from '../../../common/api/reports.js';
import { AdminPageHeading } from '../../ui/AdminPageHeading.js';
import { BarList } from '../../ui/BarList.js';
import { coverageItems } from '../../ui/coverageBreakdown.js';
import { LazyTimeSeriesChart } from '../../ui/LazyTimeSeriesChart.js';
import { LEAD_TYPE_LABELS, leadProviderName } from '../../ui/leadLabels.js';
import { LeadStatusChip } from '../../ui/LeadStatusChip.js';
import { PeriodPicker } from '../../ui/PeriodPicker.js';
import { formatCount, formatPercent } from '../../ui/reportFormat.js';
import { formatDateTime, formatDay, formatShortDay, type PeriodChoice, type PeriodRange, withPeriodParams } from '../../ui/reportPeriod.js';
import { SectionCard } from '../../ui/SectionCard.js';
import { StatCard } from '../../ui/StatCard.js';
import { usePeriodParam } from '../../ui/usePeriodParam.js';
import { searchesByAction, searchesPerDay, topProviders } from './dashboardFormat.js';
import { useDashboard, useLatestLeads } from './dashboardQueries.js';
import { RetryAlert } from '../../ui/RetryAlert.js';

/** Shown when the dashboard's data cannot be loaded. */
const LOAD_FAILED = 'Failed to load dashboard data';
const SEARCH_COLOR = '#1565c0';

/** /admin/dashboard, with a period picker and a chart of searches per day. */
export function DashboardPage() {
  const { choice, range, setChoice } = usePeriodParam();
  const dashboard = useDashboard(range);
  // A provider editor's figures are their providers' searches, all of them covered: no coverage rate to show.
  const providerEditor = useProviderScoped();

  useEffect(() => {
    if (dashboard.isError) console.error(LOAD_FAILED, dashboard.error);
  }, [dashboard.isError, dashboard.error]);

  return (
    <>
      <AdminPageHeading
        title="Dashboard"
        subtitle={providerEditor ? 'Searches that found your providers on the coverage map, and their leads.' : 'Searches and leads from the coverage map.'}
      />
      <Box sx={{ mb: 3 }}>
        <PeriodPicker value={choice} range={range} onChange={setChoice} />
      </Box>

      {dashboard.isPending && <DashboardSkeleton />}
      {dashboard.isError && !dashboard.data && (
        <RetryAlert onRetry={() => void dashboard.refetch()}>
          <AlertTitle>{LOAD_FAILED}</AlertTitle>
          {dashboard.error.message}
        </RetryAlert>
      )}
      {dashboard.data && (
        <Box aria-busy={dashboard.isPlaceholderData} sx={{ position: 'relative' }}>
          {dashboard.isPlaceholderData && <LinearProgress aria-label="Loading the period" sx={{ position: 'absolute', top: -12, left: 0, right: 0 }} />}
          {dashboard.isError && (
            <Alert severity="error" sx={{ mb: 2 }}>
              {LOAD_FAILED}
            </Alert>
          )}
          <DashboardContent data={dashboard.data} range={range} choice={choice} showCoverageRate={!providerEditor} />
        </Box>
      )}
    </>
  );
}

/** The searches by what served them, one short line each. */
function CoverageSplit({ rows }: { rows: DashboardData['coverage_effectiveness']['by_coverage'] }) {
  const items = useMemo(() => coverageItems(rows), [rows]);
  return (
    <Box component="ul" aria-label="Searches by coverage" sx={{ listStyle: 'none', m: 0, mt: 0.5, p: 0 }}>
      {items.map((item) => (
        <Typography component="li" variant="caption" color="text.secondary" key={item.key} sx={{ display: 'block' }}>
          {item.label}: <strong>{formatCount(item.value)}</strong>
        </Typography>
      ))}
    </Box>
  );
}

function DashboardContent({
  data,
  range,
  choice,
  showCoverageRate,
}: {
  data: DashboardData;
  range: PeriodRange;
  choice: PeriodChoice;
  showCoverageRate: boolean;
}) {
  const actions = useMemo(() => searchesByAction(data.searches_by_action), [data.searches_by_action]);
  const providers = useMemo(() => topProviders(data.top_providers), [data.top_providers]);
  const perDay = useMemo(() => searchesPerDay(data), [data]);
  const { total_searches: searches, total_leads: leads, conversion_rate: conversion } = data.overview;
  const empty = searches === 0 && leads === 0;
  const actionTotal = actions.reduce((sum, item) => sum + item.value, 0);
  const cardSize = { xs: 12, sm: 6, lg: showCoverageRate ? 3 : 4 };

  return (
    <Stack spacing={3}>
      {empty && (
        <Alert severity="info">No searches or leads in this period yet. Figures appear here as visitors use the coverage map; try a longer period.</Alert>
      )}
      <Grid container spacing={2}>
        <Grid size={cardSize}>
          <StatCard title="Total Searches" value={formatCount(searches)} icon={<SearchOutlined />} />
        </Grid>
        <Grid size={cardSize}>
          <StatCard title="Total Leads" value={formatCount(leads)} icon={<AssignmentIndOutlined />} color="secondary.main" />
        </Grid>
        <Grid size={cardSize}>
          <StatCard title="Conversion Rate" value={formatPercent(conversion)} icon={<PercentOutlined />} color="success.main" caption="Leads per search" />
        </Grid>
        {showCoverageRate && (
          <Grid size={cardSize}>
            <StatCard
              title="Coverage Rate"
              value={formatPercent(data.coverage_effectiveness.coverage_rate)}
              icon={<WifiTetheringOutlined />}
              color="info.main"
              caption="Searches that found coverage"
              details={<CoverageSplit rows={data.coverage_effectiveness.by_coverage} />}
            />
          </Grid>
        )}
      </Grid>

      <Grid container spacing={2}>
        <Grid size={{ xs: 12, md: 6 }}>
          <SectionCard title="Searches by Action" subtitle="What visitors did after searching">
            <BarList
              items={actionTotal === 0 ? [] : actions}
              label="Searches by action"
              formatValue={formatCount}
              total={actionTotal}
              emptyText="No searches in this period."
            />
          </SectionCard>
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <SectionCard title="Top Providers" subtitle="Providers found by the most searches">
            <BarList
              items={providers}
              label="Top providers"
              formatValue={(n) => `${formatCount(n)} ${n === 1 ? 'search' : 'searches'}`}
              emptyText="No provider was found by a search in this period."
            />
          </SectionCard>
        </Grid>
      </Grid>

      <RecentActivity data={data} perDay={perDay} range={range} choice={choice} />
    </Stack>
  );
}

interface RecentActivityProps {
  data: DashboardData;
  perDay: { date: string; searches: number }[];
  range: PeriodRange;
  choice: PeriodChoice;
}

function RecentActivity({ data, perDay, range, choice }: RecentActivityProps) {
  const latest = useLatestLeads(range);
  /** The inbox on the same period, optionally with one lead open. */
  const inboxLink = (leadId?: number) => {
    const params = withPeriodParams(new URLSearchParams(leadId === undefined ? {} : { lead: String(leadId) }), choice).toString();
    return `/admin/leads${params ? `?${params}` : ''}`;
  };
  const leadsHeadingId = useId();
  return (
    <SectionCard
      title="Recent Activity"
      subtitle={
        <span data-testid="activity-period">
          {formatDay(data.period.start_date)} to {formatDay(data.period.end_date)}
        </span>
      }
    >
      <Typography variant="subtitle2" component="h3" sx={{ mb: 1 }}>
        Searches per day
      </Typography>
      <LazyTimeSeriesChart
        label="Searches per day"
        data={perDay}
        xKey="date"
        series={[{ key: 'searches', label: 'Searches', color: SEARCH_COLOR, kind: 'bar' }]}
        formatX={formatShortDay}
        formatXLong={formatDay}
        formatValue={formatCount}
        integers
        height={240}
      />

      <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'baseline', mt: 3, mb: 0.5 }}>
        <Typography id={leadsHeadingId} variant="subtitle2" component="h3">
          Latest leads
        </Typography>
        <Link component={RouterLink} to={inboxLink()} variant="body2">
          Open the leads inbox
        </Link>
      </Stack>
      {latest.isPending && <Skeleton height={120} />}
      {latest.isError && !latest.data && <Typography color="text.secondary">The latest leads could not be loaded.</Typography>}
      {latest.data && latest.data.leads.length === 0 && <Typography color="text.secondary">No leads in this period.</Typography>}
      {latest.data && latest.data.leads.length > 0 && (
        <Paper variant="outlined">
          <List dense aria-labelledby={leadsHeadingId} disablePadding>
            {latest.data.leads.map((lead, index) => (
              <ListItem key={lead.id} divider={index < latest.data.leads.length - 1} secondaryAction={<LeadStatusChip status={lead.status} />}>
                <ListItemText
                  primary={
                    <Link component={RouterLink} to={inboxLink(lead.id)} underline="hover" color="inherit" sx={{ fontWeight: 600 }}>
                      {lead.name}
                    </Link>
                  }
                  secondary={`${LEAD_TYPE_LABELS[lead.lead_type]} · ${leadProviderName(lead)} · ${formatDateTime(lead.created_at)}`}
                />
              </ListItem>
            ))}
          </List>
        </Paper>
      )}
    </SectionCard>
  );
}

function DashboardSkeleton() {
  return (
    <Box role="status" aria-label="Loading dashboard data">
      <Grid container spacing={2} sx={{ mb: 3 }}>
        {[0, 1, 2, 3].map((i) => (
          <Grid key={i} size={{ xs: 12, sm: 6, lg: 3 }}>
            <Skeleton variant="rounded" height={88} />
          </Grid>
        ))}
      </Grid>
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, md: 6 }}>
          <Skeleton variant="rounded" height={180} />
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <Skeleton variant="rounded" height={180} />
        </Grid>
      </Grid>
    </Box>
  );
}
