import { GENERAL_INQUIRY, type LeadType } from '../../common/api/leads.js';
import type { QueuedMail } from '../outbox/mailQueue.js';
import { escapeHtml, htmlParagraph, htmlRows, oneLine, readableTime, type SearchedPlace, searchedPlace, TYPE_LABELS, textRows } from './mailParts.js';

/** A stored lead with what the recipient needs to act on it. */
export interface LeadNotice {
  id: number;
  leadType: LeadType;
  name: string;
  email: string | null;
  phone: string | null;
  /** The latest request's message. */
  message: string | null;
  /** null for a general inquiry. */
  provider: { id: number; name: string } | null;
  /** The search the visitor came from (the latest request's, when it named one), when it exists. */
  search: SearchedPlace | null;
  /** ISO-8601 UTC: when the lead's first request came. */
  createdAt: string;
  /** 1 for a new lead; more when the visitor asked the same provider again within 24 h. */
  requestCount: number;
  /** ISO-8601 UTC: when the latest of those requests came (createdAt for a new lead). */
  requestedAt: string;
}

/**
 * The e-mail to whoever answers a lead, as plain text and simple HTML (every visitor-typed value
 * escaped): a new lead, or, when the visitor asked again, a notice of that with the latest message,
 * so the provider sees the lead is still waiting.
 */
export function leadNoticeMail(notice: LeadNotice, to: string): QueuedMail {
  const type = TYPE_LABELS[notice.leadType];
  const provider = notice.provider?.name ?? GENERAL_INQUIRY.name;
  const again = notice.requestCount > 1;
  const rows: [string, string][] = [
    ['Request', type],
    ['Provider', provider],
    ['Name', notice.name],
    ['Email', notice.email ?? 'not given'],
    ['Phone', notice.phone ?? 'not given'],
    ['Searched location', searchedPlace(notice.search) ?? 'not known'],
    ['Received', readableTime(notice.createdAt)],
    ...(again ? ([['Asked again', `${readableTime(notice.requestedAt)} (request ${notice.requestCount})`]] as [string, string][]) : []),
    ['Lead id', String(notice.id)],
  ];
  const intro = again
    ? `${notice.name} asked again through the coverage map: this ${type.toLowerCase()} is still waiting for an answer.`
    : `A visitor sent a ${type.toLowerCase()} through the coverage map.`;
  const messageLabel = again ? 'Latest message' : 'Message';
  const text = [intro, '', ...textRows(rows), '', `${messageLabel}:`, notice.message ?? '(none)', ''].join('\n');
  const html = [`<p>${escapeHtml(intro)}</p>`, ...htmlRows(rows), `<p><strong>${messageLabel}</strong></p>`, htmlParagraph(notice.message ?? '(none)')].join(
    '\n',
  );
  const subject = again
    ? `Asked again: ${type.toLowerCase()} from ${oneLine(notice.name)} (${provider})`
    : `New ${type.toLowerCase()} from ${oneLine(notice.name)} (${provider})`;
  return {
    kind: 'lead_notice',
    to,
    // Answering the e-mail reaches the visitor directly.
    replyTo: notice.email,
    subject,
    text,
    html,
  };
}
