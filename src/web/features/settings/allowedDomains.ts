import { embedSettings } from '../../../common/api/embedSettings.js';

export const DUPLICATE_DOMAIN = 'That domain is already in the list';

/**
 * What the admin typed, as the server stores it: trimmed, lower case, and without any path, so a
 * pasted page address such as https://Partner.example/about becomes https://partner.example.
 */
export function normalizeDomain(text: string): string {
  const trimmed = text.trim().toLowerCase();
  const scheme = trimmed.match(/^https?:\/\//)?.[0] ?? '';
  const rest = trimmed.slice(scheme.length);
  return scheme + rest.replace(/[/?#].*$/, '');
}

/**
 * The domains typed in one go, separated by commas, semicolons or new lines. Not by spaces: a
 * domain never holds one, so "not a domain" must be refused whole rather than read as three hosts.
 */
export function splitDomains(text: string): string[] {
  return text
    .split(/[,;\n\r]+/)
    .map(normalizeDomain)
    .filter((domain) => domain !== '');
}

/**
 * Why `domain` cannot join `existing`, with the shared schema's messages (the server checks the
 * same), or null when it can.
 */
export function domainProblem(domain: string, existing: readonly string[]): string | null {
  if (existing.includes(domain)) return DUPLICATE_DOMAIN;
  const result = embedSettings.safeParse({ allowed_domains: [...existing, domain] });
  return result.success ? null : (result.error.issues[0]?.message ?? 'This domain cannot be added');
}

/**
 * Adds every domain in `text` when all of them pass; otherwise adds none and reports the first
 * that does not, so what was typed stays in the field to correct.
 */
export function addDomains(text: string, existing: readonly string[]): { domains: string[]; rest: string; problem: string | null } {
  const domains = [...existing];
  for (const candidate of splitDomains(text)) {
    const problem = domainProblem(candidate, domains);
    if (problem) return { domains: [...existing], rest: text, problem: `${candidate}: ${problem}` };
    domains.push(candidate);
  }
  return { domains, rest: '', problem: null };
}
