import { useEffect, useState } from 'react';
import type { AddressSuggestion } from '../../../common/api/geocode.js';
import { fetchAddressSuggestions } from './coverageApi.js';

/** The answers of this page's last terms, so typing back to an earlier term asks nothing again. */
const REMEMBERED_TERMS = 50;
const remembered = new Map<string, AddressSuggestion[]>();

function remember(term: string, suggestions: AddressSuggestion[]): void {
  remembered.delete(term);
  remembered.set(term, suggestions);
  const oldest = remembered.keys().next();
  if (remembered.size > REMEMBERED_TERMS && !oldest.done) remembered.delete(oldest.value);
}

interface Answer {
  term: string;
  data?: AddressSuggestion[];
  error?: unknown;
}

export interface AddressSuggestions {
  /** The term's suggestions; the previous term's while the term's own load. */
  data: AddressSuggestion[] | undefined;
  isFetching: boolean;
  /** Why the term's call failed (after its own retries, see fetchAddressSuggestions); undefined otherwise. */
  error: unknown;
}

/**
 * Address suggestions for a settled search term (GET /api/search_addresses); idle while the term is
 * empty. A newer term cancels the call of an older one. The public pages' own small hook: they load
 * without a data library (TanStack Query comes with the admin portal).
 */
export function useAddressSuggestions(term: string): AddressSuggestions {
  const [answer, setAnswer] = useState<Answer | null>(null);

  useEffect(() => {
    if (term === '' || remembered.has(term)) return;
    const controller = new AbortController();
    fetchAddressSuggestions(term, controller.signal).then(
      (data) => {
        remember(term, data);
        setAnswer({ term, data });
      },
      (error: unknown) => {
        if (!controller.signal.aborted) setAnswer({ term, error });
      },
    );
    return () => controller.abort();
  }, [term]);

  const known = remembered.get(term);
  const current: Answer | null = term === '' ? null : known ? { term, data: known } : answer?.term === term ? answer : null;
  return {
    data: current ? current.data : answer?.data,
    isFetching: term !== '' && current === null,
    error: current?.error,
  };
}
