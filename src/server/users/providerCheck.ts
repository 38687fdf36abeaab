import type { Executor } from '../db/transactions.js';
import { ValidationError } from '../errors.js';
import type { UserRepository } from './userRepository.js';

/**
 * The provider ids that exist among `ids`. A missing one is refused ("Provider 7 not found"),
 * or dropped with `dropMissing` (an invitation's provider deleted before it was accepted).
 */
export async function checkProvidersExist(
  users: Pick<UserRepository, 'existingProviderIds'>,
  ids: readonly number[],
  trx: Executor,
  options: { dropMissing?: boolean } = {},
): Promise<number[]> {
  const existing = await users.existingProviderIds(ids, trx);
  const missing = ids.find((id) => !existing.has(id));
  if (missing !== undefined && !options.dropMissing) throw new ValidationError(`Provider ${missing} not found`);
  return ids.filter((id) => existing.has(id));
}
