import { COVERED_BY, COVERED_BY_LABELS, type CoveredBy } from '../../common/api/reports.js';
import type { BarListItem } from './barListItem.js';

/** Searches served by a provider in blue, by a tower only in teal, unserved in red (the reports' colours for with and without coverage). */
const COVERED_BY_COLORS: Record<CoveredBy, string> = { provider: '#1e88e5', wireless_only: '#00897b', none: '#e53935' };

/** The searches by what served them, in the contract's order, each with the server's count or 0. */
export function coverageItems(rows: readonly { covered_by: CoveredBy; count: number }[]): BarListItem[] {
  const counts = new Map(rows.map((row) => [row.covered_by, row.count]));
  return COVERED_BY.map((coveredBy) => ({
    key: coveredBy,
    label: COVERED_BY_LABELS[coveredBy],
    value: counts.get(coveredBy) ?? 0,
    color: COVERED_BY_COLORS[coveredBy],
  }));
}
