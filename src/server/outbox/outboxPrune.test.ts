import { describe, expect, it } from 'vitest';
import { pruneOutboxes } from './outboxPrune.js';

/** A repository whose tables hold `rows` finished rows each; it records every statement. */
function fakeRepository(rows: { mails: number; deliveries: number; events: number }) {
  const statements: string[] = [];
  const left = { ...rows };
  const batch = (table: keyof typeof left) => async (cutoff: string, limit: number) => {
    statements.push(`${table} before ${cutoff} limit ${limit}`);
    const deleted = Math.min(limit, left[table]);
    left[table] -= deleted;
    return deleted;
  };
  return { statements, repository: { pruneMailBatch: batch('mails'), pruneDeliveryBatch: batch('deliveries'), pruneEventBatch: batch('events') } };
}

describe('pruneOutboxes', () => {
  it('deletes 30 days back, a batch a statement until a batch comes short: mails, then deliveries, then the events they leave', async () => {
    const { statements, repository } = fakeRepository({ mails: 5, deliveries: 4, events: 0 });
    const counts = await pruneOutboxes(repository, new Date('2026-11-22T08:00:00.000Z'), 2);
    expect(counts).toEqual({ mails: 5, deliveries: 4, events: 0 });
    const cutoff = '2026-10-23T08:00:00.000Z';
    expect(statements).toEqual([
      `mails before ${cutoff} limit 2`,
      `mails before ${cutoff} limit 2`,
      `mails before ${cutoff} limit 2`,
      // A full last batch costs one more statement, which finds nothing.
      `deliveries before ${cutoff} limit 2`,
      `deliveries before ${cutoff} limit 2`,
      `deliveries before ${cutoff} limit 2`,
      `events before ${cutoff} limit 2`,
    ]);
  });

  it('ends after the batch under way once the schedule stops, so a shutdown does not wait for a backlog', async () => {
    const { statements, repository } = fakeRepository({ mails: 1_000_000, deliveries: 1_000_000, events: 0 });
    const stopping = new AbortController();
    const pruneMailBatch = repository.pruneMailBatch;
    // The stop comes while the second batch is deleting.
    repository.pruneMailBatch = async (cutoff, limit) => {
      if (statements.length === 1) stopping.abort();
      return pruneMailBatch(cutoff, limit);
    };
    const counts = await pruneOutboxes(repository, new Date('2026-11-22T08:00:00.000Z'), 1000, stopping.signal);
    expect(counts).toEqual({ mails: 2000, deliveries: 0, events: 0 });
    expect(statements).toHaveLength(2);
  });
});
