import { type Expression, type SqlBool, sql } from 'kysely';
import type { ProviderScope } from './providerScope.js';

/** The columns that say which provider a row belongs to (a provider's own id, or its owner's). */
export type ProviderColumn = 'providers.id' | 'coverage_layers.provider_id' | 'towers.provider_id';

/**
 * A where-condition keeping the rows whose provider column is inside the scope: every row for null,
 * none for an empty scope (an editor left without providers; `in ()` is not SQL). A row whose
 * column is null (a tower of the map operator) is outside every list of ids.
 */
export function providerScopeCondition(scope: ProviderScope, column: ProviderColumn): Expression<SqlBool> {
  if (scope === null) return sql<SqlBool>`1 = 1`;
  if (scope.length === 0) return sql<SqlBool>`1 = 0`;
  return sql<SqlBool>`${sql.ref(column)} in (${sql.join(scope)})`;
}
