import { GENERAL_INQUIRY, type LeadType } from '../../common/api/leads.js';
import type { MailMessage } from '../outbox/mailer.js';

/** A stored lead with what the recipient needs to act on it. */
export interface LeadNotice {
  id: number;
  leadType: LeadType;
  name: string;
  email: string | null;
  phone: string | null;
  message: string | null;
  /** null for a general inquiry. */
  provider: { id: number; name: string } | null;
  /** The search the visitor came from, when the lead names one that exists. */
  search: { address: string | null; lat: number | null; lng: number | null } | null;
  /** ISO-8601 UTC. */
  createdAt: string;
}

const TYPE_LABELS: Record<LeadType, string> = { sign_up: 'Sign-up request', contact_request: 'Contact request' };

/** "2026-11-22T08:00:00.000Z" -> "2026-11-22 08:00:00 UTC": readable, and no time zone to guess. */
function readableTime(iso: string): string {
  return iso.replace('T', ' ').replace(/(\.\d+)?Z$/, ' UTC');
}

function searchedPlace(search: LeadNotice['search']): string | null {
  if (!search) return null;
  const coordinates = search.lat !== null && search.lng !== null ? `${search.lat.toFixed(5)}, ${search.lng.toFixed(5)}` : null;
  if (search.address && coordinates) return `${search.address} (${coordinates})`;
  return search.address ?? coordinates;
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** The e-mail about a new lead, as plain text and simple HTML; every visitor-typed value is escaped in the HTML. */
export function leadEmail(notice: LeadNotice, to: string): MailMessage {
  const type = TYPE_LABELS[notice.leadType];
  const provider = notice.provider?.name ?? GENERAL_INQUIRY.name;
  // Visitor text goes into a header: one line, so it cannot start new headers or hide the rest.
  const subjectName = notice.name.replace(/\s+/g, ' ');
  const rows: [string, string][] = [
    ['Request', type],
    ['Provider', provider],
    ['Name', notice.name],
    ['Email', notice.email ?? 'not given'],
    ['Phone', notice.phone ?? 'not given'],
    ['Searched location', searchedPlace(notice.search) ?? 'not known'],
    ['Received', readableTime(notice.createdAt)],
    ['Lead id', String(notice.id)],
  ];
  const width = Math.max(...rows.map(([label]) => label.length)) + 2;
  const text = [
    `A visitor sent a ${type.toLowerCase()} through the coverage map.`,
    '',
    ...rows.map(([label, value]) => `${`${label}:`.padEnd(width)}${value}`),
    '',
    'Message:',
    notice.message ?? '(none)',
    '',
  ].join('\n');
  const html = [
    `<p>A visitor sent a ${escapeHtml(type.toLowerCase())} through the coverage map.</p>`,
    '<table cellpadding="4" style="border-collapse:collapse">',
    ...rows.map(([label, value]) => `<tr><th align="left" valign="top">${escapeHtml(label)}</th><td>${escapeHtml(value)}</td></tr>`),
    '</table>',
    '<p><strong>Message</strong></p>',
    `<p style="white-space:pre-wrap">${escapeHtml(notice.message ?? '(none)')}</p>`,
  ].join('\n');
  return {
    to,
    // Answering the e-mail reaches the visitor directly.
    replyTo: notice.email ?? undefined,
    subject: `New ${type.toLowerCase()} from ${subjectName} (${provider})`,
    text,
    html,
  };
}
