import { useCallback, useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { ReportLead } from '../../../common/api/reports.js';
import { errorMessage } from '../../api/ApiError.js';
import type { NoticeSeverity } from '../../ui/useNotice.js';
import { openLeadFromParams, withOpenLeadParam } from './leadFilters.js';
import { useLead } from './leadsQueries.js';

const OPEN_FAILED = 'Failed to open the lead';

/** What the URL's lead needs to know of the inbox's list. */
export interface InboxState {
  leads: readonly ReportLead[];
  data: unknown;
  isPlaceholderData: boolean;
  isError: boolean;
}

/** The first page of the current period and filters is in (or failed with nothing to show). */
export function inboxSettled(inbox: InboxState): boolean {
  return (inbox.data !== undefined && !inbox.isPlaceholderData) || (inbox.isError && !inbox.data);
}

/**
 * The lead to ask for on its own: the URL's, when the settled list does not hold it and it is not
 * open already (null: none).
 */
export function leadToFetch(urlLeadId: number | null, listed: ReportLead | undefined, settled: boolean, openLeadId: number | null): number | null {
  return urlLeadId !== null && !listed && settled && openLeadId !== urlLeadId ? urlLeadId : null;
}

/** What to do about the URL's lead: nothing yet, open it, or say it cannot be read. */
export type UrlLeadStep = { kind: 'wait' } | { kind: 'open'; lead: ReportLead } | { kind: 'failed'; error: unknown };

/** `handled`: the URL's lead this page has opened (or given up on) already; it is not opened twice. */
export function urlLeadStep(
  urlLeadId: number | null,
  handled: number | null,
  listed: ReportLead | undefined,
  single: { data: ReportLead | undefined; isError: boolean; error: unknown },
): UrlLeadStep {
  if (urlLeadId === null || handled === urlLeadId) return { kind: 'wait' };
  const found = listed ?? single.data;
  if (found?.id === urlLeadId) return { kind: 'open', lead: found };
  if (single.isError) return { kind: 'failed', error: single.error };
  return { kind: 'wait' };
}

/**
 * The lead in the details dialog, kept in the URL (?lead=ID) so that a link from the dashboard
 * opens it. A lead named in the URL opens once: closing it must not reopen it while the URL
 * catches up. It comes from the list when the list holds it; otherwise (newer leads pushed it off
 * the first page, or the period or filters leave it out) it is asked for on its own once the first
 * page is in. A lead that cannot be read is said so and dropped from the URL.
 */
export function useLeadFromUrl(inbox: InboxState, show: (severity: NoticeSeverity, message: string) => void) {
  const [params, setParams] = useSearchParams();
  const urlLeadId = openLeadFromParams(params);
  /** The lead in the details dialog, as last saved or listed. */
  const [openLead, setOpenLead] = useState<ReportLead | null>(null);
  const handled = useRef<number | null>(null);
  const listed = urlLeadId === null ? undefined : inbox.leads.find((lead) => lead.id === urlLeadId);
  const single = useLead(leadToFetch(urlLeadId, listed, inboxSettled(inbox), openLead?.id ?? null));

  useEffect(() => {
    const step = urlLeadStep(urlLeadId, handled.current, listed, { data: single.data, isError: single.isError, error: single.error });
    if (step.kind === 'wait') return;
    handled.current = urlLeadId;
    if (step.kind === 'open') {
      setOpenLead(step.lead);
    } else {
      show('error', errorMessage(step.error, OPEN_FAILED));
      setParams((previous) => withOpenLeadParam(previous, null), { replace: true });
    }
  }, [urlLeadId, listed, single.data, single.isError, single.error, show, setParams]);

  const open = (lead: ReportLead) => {
    handled.current = lead.id;
    setOpenLead(lead);
    setParams((previous) => withOpenLeadParam(previous, lead.id), { replace: true });
  };
  const close = useCallback(() => {
    setOpenLead(null);
    setParams((previous) => withOpenLeadParam(previous, null), { replace: true });
  }, [setParams, setOpenLead]);

  return { openLead, open, close, saved: setOpenLead };
}
