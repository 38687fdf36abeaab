import type { LeadType } from '../../common/api/leads.js';

/** The pieces the lead e-mails share: labels, times, places, and HTML escaping of what visitors type. */

export const TYPE_LABELS: Record<LeadType, string> = { sign_up: 'Sign-up request', contact_request: 'Contact request' };

/** Where the visitor searched: the address with its coordinates, whichever is known. */
export interface SearchedPlace {
  address: string | null;
  lat: number | null;
  lng: number | null;
}

/** "2026-11-22T08:00:00.000Z" -> "2026-11-22 08:00:00 UTC": readable, and no time zone to guess. */
export function readableTime(iso: string): string {
  return iso.replace('T', ' ').replace(/(\.\d+)?Z$/, ' UTC');
}

/** "12 Kloof St (-33.92000, 18.42000)", or the one that is known; null when neither is. */
export function searchedPlace(search: SearchedPlace | null): string | null {
  if (!search) return null;
  const coordinates = search.lat !== null && search.lng !== null ? `${search.lat.toFixed(5)}, ${search.lng.toFixed(5)}` : null;
  if (search.address && coordinates) return `${search.address} (${coordinates})`;
  return search.address ?? coordinates;
}

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** Text bound for a header (a subject): one line, so it cannot start new headers or hide the rest. */
export function oneLine(text: string): string {
  return text.replace(/\s+/g, ' ');
}

/** Label-value rows as aligned plain text lines. */
export function textRows(rows: readonly (readonly [string, string])[]): string[] {
  const width = Math.max(...rows.map(([label]) => label.length)) + 2;
  return rows.map(([label, value]) => `${`${label}:`.padEnd(width)}${value}`);
}

/** Label-value rows as a simple HTML table, every value escaped. */
export function htmlRows(rows: readonly (readonly [string, string])[]): string[] {
  return [
    '<table cellpadding="4" style="border-collapse:collapse">',
    ...rows.map(([label, value]) => `<tr><th align="left" valign="top">${escapeHtml(label)}</th><td>${escapeHtml(value)}</td></tr>`),
    '</table>',
  ];
}

/** A paragraph of typed text in HTML: escaped, its line breaks kept. */
export function htmlParagraph(text: string): string {
  return `<p style="white-space:pre-wrap">${escapeHtml(text)}</p>`;
}
