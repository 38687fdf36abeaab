import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import type { AuditFacets, AuditPage } from '../../../common/api/audit.js';
import { apiData } from '../../api/apiClient.js';
import { downloadCsv } from '../../ui/csvExport.js';
import { type AuditScreenFilters, auditQueryString } from './auditFilters.js';

const AUDIT_KEY = ['audit'] as const;

/** GET /api/audit: one page of the filtered entries; the previous page stays shown while the next loads. */
export function useAuditEntries(filters: AuditScreenFilters) {
  return useQuery({
    queryKey: [...AUDIT_KEY, 'entries', filters],
    queryFn: ({ signal }) => apiData<AuditPage>(`/audit?${auditQueryString(filters)}`, { authenticated: true, signal }),
    placeholderData: keepPreviousData,
  });
}

/** GET /api/audit/facets: the actors, entities and actions the filters offer. */
export function useAuditFacets() {
  return useQuery({
    queryKey: [...AUDIT_KEY, 'facets'],
    queryFn: ({ signal }) => apiData<AuditFacets>('/audit/facets', { authenticated: true, signal }),
  });
}

/** GET /api/audit/export with the filters (not the page); resolves to the file's name. */
export function useExportAuditCsv() {
  return useMutation({
    mutationFn: (filters: AuditScreenFilters) => downloadCsv(`/audit/export?${auditQueryString(filters, true)}`, 'audit-log.csv'),
  });
}
