import type { FastifyBaseLogger } from 'fastify';
import { describe, expect, it } from 'vitest';
import type { DbTransaction, Transactions } from '../db/transactions.js';
import { CoverageChanges } from './coverageChanges.js';
import type { CoverageRevisionRepository } from './coverageRevisionRepository.js';

/** Records what happens, in order: transaction begin/commit/rollback, bumps, listener calls. */
function setup() {
  const events: string[] = [];
  const trx = {} as DbTransaction;
  const transactions: Transactions = {
    async run(work) {
      events.push('begin');
      try {
        const result = await work(trx);
        events.push('commit');
        return result;
      } catch (error) {
        events.push('rollback');
        throw error;
      }
    },
  };
  const revisions = {
    bump: async (given?: unknown) => {
      events.push(given === trx ? 'bump in transaction' : 'bump outside');
    },
  } as unknown as CoverageRevisionRepository;
  const errors: string[] = [];
  const log = { error: (_details: unknown, message: string) => errors.push(message) } as unknown as FastifyBaseLogger;
  return { events, errors, changes: new CoverageChanges(transactions, revisions, log) };
}

describe('CoverageChanges', () => {
  it('moves the revision in the same transaction as the change, and tells listeners after the commit', async () => {
    const { events, changes } = setup();
    changes.listen(async () => {
      events.push('listener');
    });

    expect(await changes.commit(async () => 'saved')).toBe('saved');
    expect(events).toEqual(['begin', 'bump in transaction', 'commit', 'listener']);
  });

  it('changes nothing and tells nobody when the change fails', async () => {
    const { events, changes } = setup();
    changes.listen(async () => {
      events.push('listener');
    });

    await expect(changes.commit(async () => Promise.reject(new Error('refused')))).rejects.toThrow('refused');
    expect(events).toEqual(['begin', 'rollback']);
  });

  it('logs a listener that fails without failing the committed change', async () => {
    const { errors, changes } = setup();
    changes.listen(() => Promise.reject(new Error('rebuild failed')));

    await expect(changes.commit(async () => 1)).resolves.toBe(1);
    expect(errors).toEqual(['coverage index refresh after a change failed']);
  });
});
