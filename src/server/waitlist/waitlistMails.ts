import type { LiveService } from '../../common/api/webhookEvents.js';
import { tokenOfLink } from '../outbox/keptCopy.js';
import type { QueuedMail } from '../outbox/mailQueue.js';

/** Text for HTML element content and attribute values. */
export function escapeHtml(text: string): string {
  return text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;').replaceAll("'", '&#39;');
}

function paragraphs(lines: readonly string[]): string {
  return lines.map((line) => `<p>${line}</p>`).join('\n');
}

function link(url: string, label: string): string {
  return `<a href="${escapeHtml(url)}">${escapeHtml(label)}</a>`;
}

/** The closing lines of every mail to a visitor: why they get it and how to stop. */
function footer(unsubscribeUrl: string): { text: string; html: string } {
  return {
    text: `You get this because this address asked to be told about service at this spot. To stop these e-mails, open:\n${unsubscribeUrl}`,
    html: `<p style="color:#666;font-size:12px">You get this because this address asked to be told about service at this spot. ${link(unsubscribeUrl, 'Unsubscribe')}</p>`,
  };
}

export interface ConfirmationMailInput {
  entryId: number;
  to: string;
  address: string;
  /** The provider waited for; null: any provider. */
  providerName: string | null;
  /** Set for a pre-registration in a zone. */
  zoneName: string | null;
  confirmUrl: string;
  unsubscribeUrl: string;
}

/**
 * The double opt-in mail: nothing counts until its link is opened. Both links' tokens are its
 * secrets (a confirm token confirms someone else's sign-up): the outbox removes them from its
 * stored copy once the mail is sent or given up, the waitlist keeps only their hashes.
 */
export function confirmationMail(input: ConfirmationMailInput): QueuedMail {
  const what = input.zoneName
    ? `your pre-registration in ${input.zoneName}${input.providerName ? ` (${input.providerName})` : ''}`
    : `to be told when ${input.providerName ?? 'a provider'} offers service`;
  const subject = input.zoneName ? 'Please confirm your pre-registration' : 'Please confirm: we will tell you when service is available';
  const end = footer(input.unsubscribeUrl);
  return {
    kind: 'waitlist_confirm',
    to: input.to,
    waitlistEntryId: input.entryId,
    subject,
    text: [
      `Please confirm ${what} at ${input.address}.`,
      `Open this link to confirm:\n${input.confirmUrl}`,
      'If you did not ask for this, ignore this e-mail: without confirmation the request is deleted after 7 days.',
      end.text,
    ].join('\n\n'),
    html: paragraphs([
      `Please confirm ${escapeHtml(what)} at ${escapeHtml(input.address)}.`,
      link(input.confirmUrl, 'Confirm'),
      'If you did not ask for this, ignore this e-mail: without confirmation the request is deleted after 7 days.',
    ]).concat('\n', end.html),
    unsubscribeUrl: input.unsubscribeUrl,
    secrets: [tokenOfLink(input.confirmUrl), tokenOfLink(input.unsubscribeUrl)],
  };
}

export interface LiveMailInput {
  entryId: number;
  to: string;
  address: string;
  /** What went live there, each with where to sign up (the site's towers: the public map at the spot). */
  services: readonly (LiveService & { url: string | null })[];
  unsubscribeUrl: string;
}

/** "Now available": the one e-mail per entry and provider that service went live at the spot; its unsubscribe token is its secret. */
export function liveMail(input: LiveMailInput): QueuedMail {
  const names = input.services.map((service) => service.name);
  const list = names.length === 1 ? names[0]! : `${names.slice(0, -1).join(', ')} and ${names.at(-1)!}`;
  const end = footer(input.unsubscribeUrl);
  return {
    kind: 'waitlist_live',
    to: input.to,
    waitlistEntryId: input.entryId,
    subject: `Now available at your address: ${list}`,
    text: [
      `Good news: ${list} now ${names.length === 1 ? 'offers' : 'offer'} service at ${input.address}.`,
      ...input.services.map((service) => (service.url ? `${service.name}: sign up at ${service.url}` : `${service.name}: contact them to sign up.`)),
      end.text,
    ].join('\n\n'),
    html: paragraphs([
      `Good news: ${escapeHtml(list)} now ${names.length === 1 ? 'offers' : 'offer'} service at ${escapeHtml(input.address)}.`,
      ...input.services.map((service) =>
        service.url ? `${escapeHtml(service.name)}: ${link(service.url, 'sign up')}` : `${escapeHtml(service.name)}: contact them to sign up.`,
      ),
    ]).concat('\n', end.html),
    unsubscribeUrl: input.unsubscribeUrl,
    secrets: [tokenOfLink(input.unsubscribeUrl)],
  };
}
