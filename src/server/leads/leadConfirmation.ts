import type { LeadType } from '../../common/api/leads.js';
import type { QueuedMail } from '../outbox/mailQueue.js';
import { escapeHtml, htmlParagraph, htmlRows, oneLine, type SearchedPlace, searchedPlace, TYPE_LABELS, textRows } from './mailParts.js';

/** What happens next when the provider has not said (providers' next_steps). */
export const DEFAULT_NEXT_STEPS = 'The provider will contact you within two working days to confirm availability and arrange installation.';
/** What happens next with a general inquiry: the site's own team answers it. */
export const GENERAL_INQUIRY_NEXT_STEPS = 'Our team will contact you within two working days to answer your request.';

/** A visitor's first request, as their confirmation tells it back. */
export interface LeadConfirmation {
  leadType: LeadType;
  name: string;
  message: string | null;
  /** null for a general inquiry. */
  provider: { name: string; nextSteps: string | null } | null;
  search: SearchedPlace | null;
}

/**
 * The e-mail that tells a visitor their request arrived: what they asked of whom, where, and what
 * happens next. Plain text and simple HTML, every typed value escaped in the HTML. Answering it
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
  const greeting = `Hello ${confirmation.name},`;
  const thanks = `Thank you: your ${type.toLowerCase()} to ${whom} has arrived. This is what you sent:`;
  const answer = replyTo ? 'Questions? Answer this e-mail.' : null;
  const text = [
    greeting,
    '',
    thanks,
    '',
    ...textRows(rows),
    '',
    'Your message:',
    confirmation.message ?? '(none)',
    '',
    'What happens next:',
    nextSteps,
    '',
    ...(answer ? [answer, ''] : []),
  ].join('\n');
  const html = [
    `<p>${escapeHtml(greeting)}</p>`,
    `<p>${escapeHtml(thanks)}</p>`,
    ...htmlRows(rows),
    '<p><strong>Your message</strong></p>',
    htmlParagraph(confirmation.message ?? '(none)'),
    '<p><strong>What happens next</strong></p>',
    htmlParagraph(nextSteps),
    ...(answer ? [`<p>${escapeHtml(answer)}</p>`] : []),
  ].join('\n');
  return { kind: 'lead_confirmation', to, replyTo, subject: `Your ${type.toLowerCase()} to ${oneLine(whom)}`, text, html };
}
