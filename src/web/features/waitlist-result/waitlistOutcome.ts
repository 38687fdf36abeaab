import { WAITLIST_OUTCOMES, type WaitlistOutcome } from '../../../common/api/waitlist.js';

/**
 * Where a waitlist e-mail's link lands: GET /api/waitlist/confirm and /unsubscribe answer with a
 * redirect to /waitlist?outcome=…, and this page says what happened in plain words.
 */

export interface OutcomeText {
  heading: string;
  text: string;
  /** Whether it went as the visitor wanted (a success look) or not. */
  success: boolean;
}

export const OUTCOME_TEXTS: Record<WaitlistOutcome, OutcomeText> = {
  confirmed: {
    heading: 'Thank you for confirming',
    text: "You're on the list: we'll e-mail you when service is available at your address.",
    success: true,
  },
  already_confirmed: {
    heading: 'Already confirmed',
    text: "You're already on the list: we'll e-mail you when service is available at your address.",
    success: true,
  },
  unsubscribed: {
    heading: 'Unsubscribed',
    text: "You have been unsubscribed: we won't e-mail you again.",
    success: true,
  },
  invalid: {
    heading: 'Link expired or not valid',
    text: 'This link is not valid any more: it may have expired. Check your address again on the map to join.',
    success: false,
  },
};

/** The outcome in the address's query (`?outcome=confirmed`); a missing or unknown one is an invalid link. */
export function outcomeFromSearch(search: string): WaitlistOutcome {
  const outcome = new URLSearchParams(search).get('outcome');
  return (WAITLIST_OUTCOMES as readonly string[]).includes(outcome ?? '') ? (outcome as WaitlistOutcome) : 'invalid';
}
