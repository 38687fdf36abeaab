import { MEASUREMENT_SOURCES, type MeasurementSource } from '../../../common/api/measurements.js';

/** The Measurements screen's filters and page; null is "all". */
export interface MeasurementFilters {
  towerId: number | null;
  /** Only with a tower: a sector of that tower. */
  sectorId: number | null;
  source: MeasurementSource | null;
  /** measured_at on or after this day, YYYY-MM-DD (UTC). */
  from: string | null;
  /** measured_at on or before this day, YYYY-MM-DD (UTC). */
  to: string | null;
  /** 1-based. */
  page: number;
}

/** Measurements per page of the table (the server's page_size). */
export const MEASUREMENTS_PAGE_SIZE = 50;

const positiveWhole = (value: string | null): number | null => (value !== null && /^\d{1,9}$/.test(value) && Number(value) > 0 ? Number(value) : null);
const isSource = (value: string | null): value is MeasurementSource => MEASUREMENT_SOURCES.some((source) => source === value);
const isDay = (value: string | null): value is string => value !== null && /^\d{4}-\d{2}-\d{2}$/.test(value);

/** The filters in the screen's URL; anything unreadable is "all" (and page 1); a sector without its tower is dropped. */
export function measurementFiltersFromParams(params: URLSearchParams): MeasurementFilters {
  const towerId = positiveWhole(params.get('tower'));
  const source = params.get('source');
  const from = params.get('from');
  const to = params.get('to');
  return {
    towerId,
    sectorId: towerId === null ? null : positiveWhole(params.get('sector')),
    source: isSource(source) ? source : null,
    from: isDay(from) ? from : null,
    to: isDay(to) ? to : null,
    page: positiveWhole(params.get('page')) ?? 1,
  };
}

/** `params` with the filters written in (other parameters kept; "all" and page 1 left out). */
export function withMeasurementFilterParams(params: URLSearchParams, filters: MeasurementFilters): URLSearchParams {
  const next = new URLSearchParams(params);
  const put = (name: string, value: string | number | null) => (value === null ? next.delete(name) : next.set(name, String(value)));
  put('tower', filters.towerId);
  put('sector', filters.sectorId);
  put('source', filters.source);
  put('from', filters.from);
  put('to', filters.to);
  put('page', filters.page === 1 ? null : filters.page);
  return next;
}

/** The filters as the API's query (common/api/measurements.ts measurementFilters): for /export, /points and DELETE. */
export function measurementFilterQuery(filters: MeasurementFilters): string {
  const query = new URLSearchParams();
  if (filters.towerId !== null) query.set('tower_id', String(filters.towerId));
  if (filters.sectorId !== null) query.set('sector_id', String(filters.sectorId));
  if (filters.source !== null) query.set('source', filters.source);
  if (filters.from !== null) query.set('from', filters.from);
  if (filters.to !== null) query.set('to', filters.to);
  return query.toString();
}

/** GET /api/measurements's query: the filters and the page. */
export function measurementPageQuery(filters: MeasurementFilters): string {
  const query = new URLSearchParams(measurementFilterQuery(filters));
  query.set('page', String(filters.page));
  query.set('page_size', String(MEASUREMENTS_PAGE_SIZE));
  return query.toString();
}

/** Whether any filter is set (the page aside): "Delete N shown" then deletes only those. */
export function isFiltered(filters: MeasurementFilters): boolean {
  return filters.towerId !== null || filters.source !== null || filters.from !== null || filters.to !== null;
}
