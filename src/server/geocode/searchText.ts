/**
 * Text as the address book compares it: lower case, accents removed ("Daniëlskuil" -> "danielskuil"),
 * apostrophes dropped ("John’s" -> "johns"), every other run of non-letters/digits one space.
 * The same function prepares stored labels and typed queries, so both sides agree.
 */
export function normalizeForSearch(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/['’‘`]/g, '')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/** How well a name matches a query; lower is better. */
export const MatchRank = {
  Exact: 0,
  /** The name starts with the query. */
  Prefix: 1,
  /** A later word of the name starts with the query ("reinet" in "graaff reinet"). */
  WordPrefix: 2,
} as const;
export type MatchRank = (typeof MatchRank)[keyof typeof MatchRank];

/**
 * Whether `name` matches `query` by prefix of the whole name or of any word, both already
 * normalized (normalizeForSearch); undefined when it does not. A query of several words may
 * run across words ("saint john" matches "port saint johns").
 */
export function matchRank(name: string, query: string): MatchRank | undefined {
  if (query === '') return undefined;
  if (name === query) return MatchRank.Exact;
  if (name.startsWith(query)) return MatchRank.Prefix;
  for (let space = name.indexOf(' '); space !== -1; space = name.indexOf(' ', space + 1)) {
    if (name.startsWith(query, space + 1)) return MatchRank.WordPrefix;
  }
  return undefined;
}
