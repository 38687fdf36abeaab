import type { LeadType } from '../../common/api/leads.js';
import type { QueuedMail } from '../outbox/mailQueue.js';
import { escapeHtml, htmlParagraph, htmlRows, oneLine, type SearchedPlace, searchedPlace, TYPE_LABELS, textRows } from './mailParts.js';

/** What happens next when the provider has not said (providers' next_steps). */
export const DEFAULT_NEXT_STEPS = 'The provider will contact you within two working days to confirm availability and arrange installation.';
/** What happens next with a general inquiry: the site's own team answers it. */
export const GENERAL_INQUIRY_NEXT_STEPS = 'Our team will contact you within two working days to answer your request.';

/** Most characters of the visitor's name the greeting repeats. */
export const GREETING_NAME_MAX_CHARS = 60;

/**
 * A visitor's first request, as their confirmation tells it back. The address it goes to is
 * whatever the form was given, unverified: it carries no free text of the visitor's (no message,
 * the name only cut short as a greeting), so the form cannot send someone else chosen words
 * from this site's address.
 */
export interface LeadConfirmation {
  leadType: LeadType;
  name: string;
  /** null for a general inquiry. */
  provider: { name: string; nextSteps: string | null } | null;
  search: SearchedPlace | null;
}

/**
 * The e-mail that tells a visitor their request arrived: what they asked of whom, where, and what
 * happens next (not their message: see LeadConfirmation). Plain text and simple HTML, every typed value escaped in the HTML. Answering it
 * reaches `replyTo` (the provider's contact address, else the site's leads address) when there is one.
 */
export function leadConfirmationMail(confirmation: LeadConfirmation, to: string, replyTo: string | null): QueuedMail {
  const type = TYPE_LABELS[confirmation.leadType];
  const whom = confirmation.provider?.name ?? 'our team';
  const nextSteps = confirmation.provider ? (confirmation.provider.nextSteps ?? DEFAULT_NEXT_STEPS) : GENERAL_INQUIRY_NEXT_STEPS;
  const place = searchedPlace(confirmation.search);
  const rows: [string, string][] = [
    ['Request', type],
    ['Provider', confirmation.provider?.name ?? 'General inquiry'],
    ...(place ? ([['Address', place]] as [string, string][]) : []),
  ];
  const name = Array.from(oneLine(confirmation.name).trim()).slice(0, GREETING_NAME_MAX_CHARS).join('');
  const greeting = name ? `Hello ${name},` : 'Hello,';
  const thanks = `Thank you: your ${type.toLowerCase()} to ${whom} has arrived.`;
  const answer = replyTo ? 'Questions? Answer this e-mail.' : null;
  const text = [greeting, '', thanks, '', ...textRows(rows), '', 'What happens next:', nextSteps, '', ...(answer ? [answer, ''] : [])].join('\n');
  const html = [
    `<p>${escapeHtml(greeting)}</p>`,
    `<p>${escapeHtml(thanks)}</p>`,
    ...htmlRows(rows),
    '<p><strong>What happens next</strong></p>',
    htmlParagraph(nextSteps),
    ...(answer ? [`<p>${escapeHtml(answer)}</p>`] : []),
  ].join('\n');
  return { kind: 'lead_confirmation', to, replyTo, subject: `Your ${type.toLowerCase()} to ${oneLine(whom)}`, text, html };
}
