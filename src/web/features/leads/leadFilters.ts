import type { LeadType } from '../../../common/api/leads.js';
import { GENERAL_INQUIRY, LEAD_TYPES } from '../../../common/api/leads.js';
import type { LeadStatus } from '../../../common/api/reports.js';
import { LEAD_STATUSES } from '../../../common/api/reports.js';
import type { PeriodRange } from '../../ui/reportPeriod.js';

/** The inbox's filters besides the period; null is "all". */
export interface LeadFilters {
  /** A provider's id, or 0 (GENERAL_INQUIRY) for leads without one. */
  providerId: number | null;
  leadType: LeadType | null;
  status: LeadStatus | null;
}

export const NO_LEAD_FILTERS: LeadFilters = { providerId: null, leadType: null, status: null };

/** URL parameters of the filters (the period has its own, see usePeriodParam). */
const PARAM_PROVIDER = 'provider';
const PARAM_TYPE = 'type';
const PARAM_STATUS = 'status';
/** The lead whose details are open. */
const PARAM_LEAD = 'lead';

const isLeadType = (value: string | null): value is LeadType => LEAD_TYPES.some((t) => t === value);
const isLeadStatus = (value: string | null): value is LeadStatus => LEAD_STATUSES.some((s) => s === value);
const wholeNumber = (value: string | null): number | null => (value !== null && /^\d{1,10}$/.test(value) ? Number(value) : null);

/** The filters in the inbox's URL; anything unreadable is "all". */
export function leadFiltersFromParams(params: URLSearchParams): LeadFilters {
  const type = params.get(PARAM_TYPE);
  const status = params.get(PARAM_STATUS);
  return {
    providerId: wholeNumber(params.get(PARAM_PROVIDER)),
    leadType: isLeadType(type) ? type : null,
    status: isLeadStatus(status) ? status : null,
  };
}

/** `params` with the filters written in (other parameters kept, "all" left out). */
export function withLeadFilterParams(params: URLSearchParams, filters: LeadFilters): URLSearchParams {
  const next = new URLSearchParams(params);
  const put = (name: string, value: string | number | null) => (value === null ? next.delete(name) : next.set(name, String(value)));
  put(PARAM_PROVIDER, filters.providerId);
  put(PARAM_TYPE, filters.leadType);
  put(PARAM_STATUS, filters.status);
  return next;
}

/** The lead opened in the URL, if any. */
export function openLeadFromParams(params: URLSearchParams): number | null {
  const id = wholeNumber(params.get(PARAM_LEAD));
  return id !== null && id > 0 ? id : null;
}

export function withOpenLeadParam(params: URLSearchParams, id: number | null): URLSearchParams {
  const next = new URLSearchParams(params);
  if (id === null) next.delete(PARAM_LEAD);
  else next.set(PARAM_LEAD, String(id));
  return next;
}

/**
 * The query of GET /api/reports/leads: the period, the filters that are set, and a page's cursor
 * and size, or format=csv for the whole filtered list.
 */
export function leadsQueryString(range: PeriodRange, filters: LeadFilters, page: { cursor?: string | null; limit?: number; format?: 'csv' } = {}): string {
  const query = new URLSearchParams({ start_date: range.start_date, end_date: range.end_date });
  if (filters.providerId !== null) query.set('provider_id', String(filters.providerId));
  if (filters.leadType !== null) query.set('lead_type', filters.leadType);
  if (filters.status !== null) query.set('status', filters.status);
  if (page.format) query.set('format', page.format);
  if (page.cursor) query.set('cursor', page.cursor);
  if (page.limit !== undefined) query.set('limit', String(page.limit));
  return query.toString();
}

/**
 * The provider filter's choices: general inquiries first (unless `generalInquiries` is false: a
 * provider editor never sees them), then the providers by name.
 */
export function providerFilterOptions(providers: readonly { id: number; name: string }[], generalInquiries = true): { id: number; name: string }[] {
  const sorted = [...providers].sort((a, b) => a.name.localeCompare(b.name, undefined, { sensitivity: 'base' }) || a.id - b.id);
  return [...(generalInquiries ? [{ id: GENERAL_INQUIRY.id, name: GENERAL_INQUIRY.name }] : []), ...sorted.map(({ id, name }) => ({ id, name }))];
}
