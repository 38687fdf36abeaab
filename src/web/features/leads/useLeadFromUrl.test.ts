import { describe, expect, it } from 'vitest';
import type { ReportLead } from '../../../common/api/reports.js';
import { ApiError } from '../../api/ApiError.js';
import { inboxSettled, leadToFetch, urlLeadStep } from './useLeadFromUrl.js';

// Only the id matters to these rules.
const lead = (id: number) => ({ id, name: `Lead ${id}` }) as ReportLead;
const notAsked = { data: undefined, isError: false, error: null };

describe('the lead named in the URL', () => {
  it('waits for the first page of the current period and filters, or for its failure with nothing shown', () => {
    const inbox = { leads: [], data: { total: 0 }, isPlaceholderData: false, isError: false };
    expect(inboxSettled(inbox)).toBe(true);
    expect(inboxSettled({ ...inbox, isPlaceholderData: true })).toBe(false);
    expect(inboxSettled({ ...inbox, data: undefined })).toBe(false);
    expect(inboxSettled({ ...inbox, data: undefined, isError: true })).toBe(true);
    expect(inboxSettled({ ...inbox, isPlaceholderData: true, isError: true })).toBe(false);
  });

  it('is asked for on its own only when the settled list does not hold it and it is not open', () => {
    expect(leadToFetch(7, undefined, true, null)).toBe(7);
    expect(leadToFetch(7, lead(7), true, null)).toBeNull();
    expect(leadToFetch(7, undefined, false, null)).toBeNull();
    expect(leadToFetch(7, undefined, true, 7)).toBeNull();
    expect(leadToFetch(null, undefined, true, null)).toBeNull();
  });

  it('opens from the list, or from its own answer, once', () => {
    expect(urlLeadStep(7, null, lead(7), notAsked)).toEqual({ kind: 'open', lead: lead(7) });
    expect(urlLeadStep(7, null, undefined, { ...notAsked, data: lead(7) })).toEqual({ kind: 'open', lead: lead(7) });
    // Opened already (or closed since): the URL catching up must not reopen it.
    expect(urlLeadStep(7, 7, lead(7), notAsked)).toEqual({ kind: 'wait' });
    // A stale answer for another lead is not this one.
    expect(urlLeadStep(7, null, undefined, { ...notAsked, data: lead(3) })).toEqual({ kind: 'wait' });
    expect(urlLeadStep(null, null, undefined, notAsked)).toEqual({ kind: 'wait' });
  });

  it('gives up, with the reason, on a lead that cannot be read', () => {
    const error = new ApiError('Lead not found', 404);
    expect(urlLeadStep(7, null, undefined, { data: undefined, isError: true, error })).toEqual({ kind: 'failed', error });
    expect(urlLeadStep(7, 7, undefined, { data: undefined, isError: true, error })).toEqual({ kind: 'wait' });
  });
});
