import type { FastifyBaseLogger } from 'fastify';
import type { DbTransaction, Transactions } from '../db/transactions.js';
import type { CoverageRevisionRepository } from './coverageRevisionRepository.js';

/** Told after a committed change to coverage; the coverage engine rebuilds this process's index. */
export type CoverageListener = () => Promise<void>;

/**
 * The "coverage changed" signal. Created before the services that change coverage (providers,
 * layers) and the engine that reads it, so neither needs the other: services commit through it,
 * the engine listens to it.
 */
export class CoverageChanges {
  private readonly listeners: CoverageListener[] = [];

  constructor(
    private readonly transactions: Transactions,
    private readonly revisions: CoverageRevisionRepository,
    private readonly log: FastifyBaseLogger,
  ) {}

  listen(listener: CoverageListener): void {
    this.listeners.push(listener);
  }

  /**
   * Runs `work` in one transaction that also moves the coverage revision (other processes hear of
   * it by NOTIFY on PostgreSQL, or notice it by polling), then tells this process's listeners. A
   * `work` that throws changes nothing.
   */
  async commit<T>(work: (trx: DbTransaction) => Promise<T>): Promise<T> {
    const result = await this.transactions.run(async (trx) => {
      const value = await work(trx);
      await this.revisions.bump(trx);
      return value;
    });
    await this.notify();
    return result;
  }

  /**
   * The data is committed by then: a listener that fails is logged (the next poll retries), and
   * the change is not answered as a failed save.
   */
  private async notify(): Promise<void> {
    for (const listener of this.listeners) {
      await listener().catch((error: unknown) => this.log.error({ err: error }, 'coverage index refresh after a change failed'));
    }
  }
}
