import { z } from 'zod';
import { leadInstall } from './measurements.js';
import { entityId, entityIdOrZero, numberField, rawText, text } from './fields.js';
import { LEAD_TYPES, SEARCH_ACTIONS, SEARCH_TYPES } from './leads.js';

/** What an admin has done with a lead (the leads inbox). */
export const LEAD_STATUSES = ['new', 'contacted', 'converted', 'closed'] as const;
export type LeadStatus = (typeof LEAD_STATUSES)[number];
export const LEAD_STATUS_LABELS: Record<LeadStatus, string> = { new: 'New', contacted: 'Contacted', converted: 'Converted', closed: 'Closed' };

/** Reports cover the last 30 days (the end day included) unless a period is given. */
export const DEFAULT_PERIOD_DAYS = 30;
/** The longest period a report covers. */
export const MAX_PERIOD_DAYS = 3660;
/** Rows a page of the leads report holds by default and at most. */
export const LEADS_PAGE_DEFAULT = 50;
export const LEADS_PAGE_MAX = 200;
export const LEAD_NOTES_MAX = 5000;

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const isCalendarDate = (v: string) => ISO_DATE.test(v) && !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v);
const blankAsMissing = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? undefined : value);
const isoDate = (field: string) => z.preprocess(blankAsMissing, z.string().refine(isCalendarDate, `${field} must be a date (YYYY-MM-DD)`).optional());

/**
 * A report's period: ISO dates in the server's time zone (REPORTS_TIME_ZONE), the end day
 * included. Either may be left out (see DEFAULT_PERIOD_DAYS).
 */
const periodShape = { start_date: isoDate('start_date'), end_date: isoDate('end_date') };
function checkPeriod(query: { start_date?: string; end_date?: string }, ctx: z.RefinementCtx): void {
  if (query.start_date && query.end_date && query.start_date > query.end_date) {
    ctx.addIssue({ code: 'custom', path: ['start_date'], message: 'start_date must not be after end_date' });
  }
}
export const periodQuery = z.object(periodShape).superRefine(checkPeriod);

/** Table reports answer JSON, or CSV with ?format=csv. */
const format = z.preprocess(blankAsMissing, z.enum(['json', 'csv'], { error: 'format must be json or csv' }).default('json'));

export const period = z.object({ start_date: z.string(), end_date: z.string() });

/**
 * What served a search: a provider (its coverage layer or its own API, a tower there or not), a
 * tower only, or nothing. The first two are the covered searches.
 */
export const COVERED_BY = ['provider', 'wireless_only', 'none'] as const;
export type CoveredBy = (typeof COVERED_BY)[number];
export const COVERED_BY_LABELS: Record<CoveredBy, string> = {
  provider: 'Covered by a provider',
  wireless_only: 'Covered by wireless only',
  none: 'Without coverage',
};
/** The period's searches by what served them, in COVERED_BY order. */
const byCoverage = z.array(z.object({ covered_by: z.enum(COVERED_BY), count: z.number() }));

/** The dashboard's data, with the period's searches per day for the chart. */
export const dashboardData = z.object({
  overview: z.object({
    total_searches: z.number(),
    total_leads: z.number(),
    /** Leads per search, percent, one decimal; 0 without searches. */
    conversion_rate: z.number(),
  }),
  coverage_effectiveness: z.object({
    /** Covered searches (a provider or a tower served the spot), percent of searches, one decimal. */
    coverage_rate: z.number(),
    by_coverage: byCoverage,
  }),
  searches_by_action: z.array(z.object({ action: z.enum(SEARCH_ACTIONS), count: z.number() })),
  /** The 5 providers that appeared in most searches of the period. */
  top_providers: z.array(z.object({ provider_id: z.number(), provider_name: z.string(), count: z.number() })),
  period,
  searches_per_day: z.array(z.object({ date: z.string(), searches: z.number() })),
});
export type DashboardData = z.infer<typeof dashboardData>;

/** GET /api/reports/searches: each day of the period, and the searches by type. */
export const searchesQuery = z.object({ ...periodShape, format }).superRefine(checkPeriod);
export const searchDay = z.object({ date: z.string(), searches: z.number(), with_coverage: z.number(), without_coverage: z.number() });
export const searchesReport = z.object({
  period,
  days: z.array(searchDay),
  by_coverage: byCoverage,
  by_search_type: z.array(z.object({ search_type: z.enum(SEARCH_TYPES), count: z.number() })),
});
export type SearchesReport = z.infer<typeof searchesReport>;

/** GET /api/reports/lead_activity: the period's leads per day and type, by type and by provider. */
export const leadActivityReport = z.object({
  period,
  days: z.array(z.object({ date: z.string(), sign_up: z.number(), contact_request: z.number() })),
  by_type: z.array(z.object({ lead_type: z.enum(LEAD_TYPES), count: z.number() })),
  /** provider_id null: general inquiries (and leads of providers deleted since). */
  by_provider: z.array(z.object({ provider_id: z.number().nullable(), provider_name: z.string(), count: z.number() })),
});
export type LeadActivityReport = z.infer<typeof leadActivityReport>;

/** GET /api/reports/leads: filtered, newest first, a page at a time (keyset: pass next_cursor back as cursor). */
export const leadsQuery = z
  .object({
    ...periodShape,
    format,
    /** 0: general inquiries (no provider). */
    provider_id: z.preprocess(blankAsMissing, entityIdOrZero('provider_id must be a provider id or 0').optional()),
    lead_type: z.preprocess(blankAsMissing, z.enum(LEAD_TYPES, { error: `lead_type must be one of ${LEAD_TYPES.join(', ')}` }).optional()),
    status: z.preprocess(blankAsMissing, z.enum(LEAD_STATUSES, { error: `status must be one of ${LEAD_STATUSES.join(', ')}` }).optional()),
    cursor: z.preprocess(blankAsMissing, rawText(200, 'cursor').optional()),
    limit: z.preprocess(
      blankAsMissing,
      numberField(z.number().int().min(1).max(LEADS_PAGE_MAX, `limit must be at most ${LEADS_PAGE_MAX}`)).default(LEADS_PAGE_DEFAULT),
    ),
  })
  .superRefine(checkPeriod);
export type LeadsQuery = z.infer<typeof leadsQuery>;

export const reportLead = z.object({
  id: z.number(),
  created_at: z.string(),
  name: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  message: z.string().nullable(),
  lead_type: z.enum(LEAD_TYPES),
  status: z.enum(LEAD_STATUSES),
  notes: z.string().nullable(),
  updated_at: z.string(),
  /** How many requests this lead stands for: the same e-mail or phone asking the same provider within 24 h adds one. */
  request_count: z.number(),
  /** When the latest of those requests came; null while there was only one. */
  last_requested_at: z.string().nullable(),
  /** null for a general inquiry, or a provider since deleted. */
  provider_id: z.number().nullable(),
  provider_name: z.string().nullable(),
  /** The search the lead came from, when known. */
  search: z
    .object({ id: z.number(), search_type: z.enum(SEARCH_TYPES), lat: z.number().nullable(), lng: z.number().nullable(), address: z.string().nullable() })
    .nullable(),
  /** The install recorded from the inbox (a measurement linked to the lead); null: none. */
  install: leadInstall,
});
export type ReportLead = z.infer<typeof reportLead>;

export const leadsReport = z.object({
  period,
  /** Leads matching the filters in the whole period. */
  total: z.number(),
  leads: z.array(reportLead),
  /** Pass as `cursor` for the next page; null on the last. */
  next_cursor: z.string().nullable(),
});
export type LeadsReport = z.infer<typeof leadsReport>;

/** PATCH /api/leads/{id}. */
export const leadUpdate = z
  .object({
    status: z.enum(LEAD_STATUSES, { error: `status must be one of ${LEAD_STATUSES.join(', ')}` }).optional(),
    notes: z
      .preprocess((v) => (v === null ? '' : v), text(LEAD_NOTES_MAX, 'Notes'))
      .transform((v) => (v === '' ? null : v))
      .optional(),
  })
  .refine((u) => u.status !== undefined || u.notes !== undefined, { message: 'Give a status or notes to change', path: ['status'] });
export type LeadUpdate = z.infer<typeof leadUpdate>;
export const leadIdParams = z.object({ id: entityId('Lead id must be a positive whole number', 'Lead not found') });

/** GET /api/reports/map_data: search points on a grid fitted to the zoom, optionally within bounds (degrees). */
export const mapDataQuery = z
  .object({
    ...periodShape,
    zoom: z.preprocess(blankAsMissing, numberField(z.number().int().min(0).max(22)).default(5)),
    west: z.preprocess(blankAsMissing, numberField(z.number().min(-180).max(180)).optional()),
    south: z.preprocess(blankAsMissing, numberField(z.number().min(-90).max(90)).optional()),
    east: z.preprocess(blankAsMissing, numberField(z.number().min(-180).max(180)).optional()),
    north: z.preprocess(blankAsMissing, numberField(z.number().min(-90).max(90)).optional()),
  })
  .superRefine(checkPeriod);
export const mapDataReport = z.object({
  period,
  /** Side of a grid cell, degrees. */
  cell_deg: z.number(),
  /** Each cell with searches: its centre, the searches in it, and those that found no coverage. */
  cells: z.array(z.object({ lat: z.number(), lng: z.number(), count: z.number(), without_coverage: z.number() })),
  /**
   * Where to build next: the clusters of searches without coverage in view, most first (at most
   * 5), each at the centroid of those searches, with every search of its cells, and the nearest
   * built-in place (null when none is known).
   */
  hotspots: z.array(
    z.object({
      lat: z.number(),
      lng: z.number(),
      searches: z.number(),
      without_coverage: z.number(),
      place: z.object({ name: z.string(), distance_km: z.number() }).nullable(),
    }),
  ),
});
export type MapDataReport = z.infer<typeof mapDataReport>;

/** GET /api/reports/providers: each provider's searches (where it appeared), leads and conversion. */
export const providersQuery = z.object({ ...periodShape, format }).superRefine(checkPeriod);
export const providerPerformance = z.object({
  provider_id: z.number(),
  provider_name: z.string(),
  searches: z.number(),
  leads: z.number(),
  /** Leads per search where it appeared, percent, one decimal. */
  conversion_rate: z.number(),
});
export const providersReport = z.object({ period, providers: z.array(providerPerformance) });
export type ProvidersReport = z.infer<typeof providersReport>;

/** Percent with one decimal; 0 when there is nothing to divide by. */
export function percent(part: number, whole: number): number {
  return whole > 0 ? Math.round((part / whole) * 1000) / 10 : 0;
}
