/** The Audit screen's filters, kept in the URL so a filtered view can be shared or reloaded. */
export interface AuditScreenFilters {
  actor: string | null;
  entity: string | null;
  action: string | null;
  /** YYYY-MM-DD (UTC), inclusive. */
  from: string | null;
  to: string | null;
  page: number;
}

/** Entries a page shows. */
export const AUDIT_PAGE_SIZE = 50;

const PARAMS = ['actor', 'entity', 'action', 'from', 'to'] as const;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

export function auditFiltersFromParams(params: URLSearchParams): AuditScreenFilters {
  const day = (name: string) => {
    const value = params.get(name);
    return value && DAY.test(value) ? value : null;
  };
  const page = Number(params.get('page'));
  return {
    actor: params.get('actor') || null,
    entity: params.get('entity') || null,
    action: params.get('action') || null,
    from: day('from'),
    to: day('to'),
    page: Number.isInteger(page) && page >= 1 ? page : 1,
  };
}

/** `previous` with the filters written in (empty ones and page 1 left out). */
export function withAuditFilterParams(previous: URLSearchParams, filters: AuditScreenFilters): URLSearchParams {
  const next = new URLSearchParams(previous);
  for (const name of PARAMS) {
    const value = filters[name];
    if (value) next.set(name, value);
    else next.delete(name);
  }
  if (filters.page > 1) next.set('page', String(filters.page));
  else next.delete('page');
  return next;
}

/** The query string of GET /api/audit (with the page) or /api/audit/export (without). */
export function auditQueryString(filters: AuditScreenFilters, forExport = false): string {
  const query = new URLSearchParams();
  for (const name of PARAMS) {
    const value = filters[name];
    if (value) query.set(name, value);
  }
  if (!forExport) {
    query.set('page', String(filters.page));
    query.set('page_size', String(AUDIT_PAGE_SIZE));
  }
  return query.toString();
}
