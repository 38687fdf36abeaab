import type { Executor } from '../db/transactions.js';

/**
 * Which of `ids` name a provider: the one query behind every "Provider not found" for an id
 * another record points at (a user's providers, an invitation's, a tower's owner, a provider's stats).
 */
export async function existingProviderIds(db: Executor, ids: readonly number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .selectFrom('providers')
    .select('id')
    .where('id', 'in', [...new Set(ids)])
    .execute();
  return new Set(rows.map((row) => row.id));
}
