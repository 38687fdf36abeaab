/**
 * The CSP frame-ancestors sources for the embeddable pages. No domains: any site may frame them
 * (`*`). Otherwise this site itself and each domain: an entry with a scheme is taken as written, one
 * without gets both http and https. A `*.` prefix is CSP's own wildcard (subdomains only, not the
 * bare domain). Entries are already validated (src/common/api/embedSettings.ts), so none can carry
 * a space, quote or semicolon into the header.
 */
export function frameAncestorSources(domains: string[]): string[] {
  if (domains.length === 0) return ['*'];
  const sources = new Set(["'self'"]);
  for (const domain of domains) {
    const entry = domain.trim().toLowerCase();
    if (/^https?:\/\//.test(entry)) {
      sources.add(entry);
    } else {
      sources.add(`http://${entry}`);
      sources.add(`https://${entry}`);
    }
  }
  return [...sources];
}
