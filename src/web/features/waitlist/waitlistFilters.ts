import { WAITLIST_STATUSES, type WaitlistStatus } from '../../../common/api/waitlist.js';

/** The entries list's filters and page; null is "all". */
export interface WaitlistFilters {
  /** A provider's id, or ANY_PROVIDER for entries that name none. */
  providerId: number | null;
  status: WaitlistStatus | null;
  zoneId: number | null;
  /** 1-based. */
  page: number;
}

/** The provider filter's value for entries waiting for any provider (the API's provider_id 0). */
export const ANY_PROVIDER = 0;

/** Entries per page (the server's page_size). */
export const WAITLIST_PAGE_SIZE = 50;

const PARAM_PROVIDER = 'provider';
const PARAM_STATUS = 'status';
const PARAM_ZONE = 'zone';
const PARAM_PAGE = 'page';

const whole = (value: string | null): number | null => (value !== null && /^\d{1,9}$/.test(value) ? Number(value) : null);
const positiveWhole = (value: string | null): number | null => (value !== null && /^\d{1,9}$/.test(value) && Number(value) > 0 ? Number(value) : null);
const isStatus = (value: string | null): value is WaitlistStatus => WAITLIST_STATUSES.some((status) => status === value);

/** The filters in the screen's URL; anything unreadable is "all" (and page 1). */
export function waitlistFiltersFromParams(params: URLSearchParams): WaitlistFilters {
  const status = params.get(PARAM_STATUS);
  return {
    providerId: whole(params.get(PARAM_PROVIDER)),
    status: isStatus(status) ? status : null,
    zoneId: positiveWhole(params.get(PARAM_ZONE)),
    page: positiveWhole(params.get(PARAM_PAGE)) ?? 1,
  };
}

/** `params` with the filters written in (other parameters kept; "all" and page 1 left out). */
export function withWaitlistFilterParams(params: URLSearchParams, filters: WaitlistFilters): URLSearchParams {
  const next = new URLSearchParams(params);
  const put = (name: string, value: string | number | null) => (value === null ? next.delete(name) : next.set(name, String(value)));
  put(PARAM_PROVIDER, filters.providerId);
  put(PARAM_STATUS, filters.status);
  put(PARAM_ZONE, filters.zoneId);
  put(PARAM_PAGE, filters.page === 1 ? null : filters.page);
  return next;
}

/** The query of GET /api/waitlist (with the page) or of /api/waitlist/export (`forExport`: the filters only). */
export function waitlistQueryString(filters: WaitlistFilters, forExport = false): string {
  const query = new URLSearchParams();
  if (filters.providerId !== null) query.set('provider_id', String(filters.providerId));
  if (filters.status !== null) query.set('status', filters.status);
  if (filters.zoneId !== null) query.set('zone_id', String(filters.zoneId));
  if (!forExport) {
    query.set('page', String(filters.page));
    query.set('page_size', String(WAITLIST_PAGE_SIZE));
  }
  return query.toString();
}
