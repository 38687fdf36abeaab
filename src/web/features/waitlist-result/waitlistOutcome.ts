import { WAITLIST_OUTCOMES, type WaitlistLinkAction, type WaitlistOutcome } from '../../../common/api/waitlist.js';

/**
 * A waitlist e-mail's link (GET /api/waitlist/confirm or /unsubscribe) redirects to
 * /waitlist/confirm or /waitlist/unsubscribe, whose button POSTs the action; its outcome is then
 * shown at /waitlist?outcome=…, in plain words.
 */

export interface LinkActionText {
  heading: string;
  text: string;
  /** The button that acts; nothing happens before it is pressed. */
  button: string;
  /** The button while the server answers. */
  pending: string;
}

export const LINK_ACTION_TEXTS: Record<WaitlistLinkAction, LinkActionText> = {
  confirm: {
    heading: 'Confirm your place on the waitlist',
    text: "Press the button to confirm. We'll then e-mail you when service is available at your address.",
    button: 'Confirm my place on the waitlist',
    pending: 'Confirming…',
  },
  unsubscribe: {
    heading: 'Unsubscribe from these e-mails',
    text: "Press the button and we won't e-mail you about service at this address again.",
    button: 'Unsubscribe',
    pending: 'Unsubscribing…',
  },
};

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

/** The address of the page that says an outcome. */
export function outcomePath(outcome: WaitlistOutcome): string {
  return `/waitlist?outcome=${outcome}`;
}
