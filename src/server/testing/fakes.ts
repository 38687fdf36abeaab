import type { FastifyBaseLogger } from 'fastify';
import { type Mock, vi } from 'vitest';
import type { WebhookEventData, WebhookEventType } from '../../common/api/webhookEvents.js';
import type { AuditChange, AuditRecorder } from '../audit/auditTrail.js';
import type { DbTransaction, Executor, Transactions } from '../db/transactions.js';
import type { EventSink } from '../outbox/eventSink.js';
import type { MailQueue, QueuedMail } from '../outbox/mailQueue.js';
import type { MailMessage, Mailer } from '../outbox/mailer.js';
import { ManualClock } from './manualClock.js';

// The fakes factory of service specs: one function per kind of dependency, each an in-memory fake
// or vi.fn() mocks, typed as the service takes them. The domains' repositories are faked in the
// modules beside this one; services.ts builds each service from them.

export { ManualClock } from './manualClock.js';
export { memoryReportRepository, type MemoryReportRepository, type StoredSearch } from './reportFakes.js';
export { memoryFootprintRepository, type MemoryFootprintRepository, fakeTowers, fakeTerrain, towerRecord } from './footprintFakes.js';
export { memorySearchLogs, type MemorySearchLogs, fakeSearchCoverage, servedByTowers, memoryLeads, type MemoryLeads } from './leadFakes.js';
export { memoryRadioSettings, type MemoryRadioSettings, fakeCoverageRevision } from './radioSettingsFakes.js';
export { countingCommits, memoryPatterns, type MemoryPatterns, memorySectors, type MemorySectors, patternRecord, sectorRecord } from './sectorFakes.js';

/** A clock at `at` (default 2026-11-22T08:00:00Z) that only moves when the test moves it. */
export function manualClock(at?: string): ManualClock {
  return new ManualClock(at === undefined ? undefined : new Date(at));
}

type LogMethod = Mock<(...args: unknown[]) => void>;

/** A logger whose every level is a mock; `child` answers the same logger. */
export type FakeLogger = FastifyBaseLogger & Record<'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace', LogMethod>;

export function fakeLogger(): FakeLogger {
  const log = {
    level: 'info',
    fatal: vi.fn(),
    error: vi.fn(),
    warn: vi.fn(),
    info: vi.fn(),
    debug: vi.fn(),
    trace: vi.fn(),
    silent: vi.fn(),
    child: vi.fn(),
  };
  log.child.mockReturnValue(log);
  return log as unknown as FakeLogger;
}

/** Transactions that run the work at once. */
export function fakeTransactions(): Transactions {
  // The fakes of repositories ignore the executor: an empty object stands for it.
  return { run: (work) => work({} as DbTransaction) };
}

/** An audit trail that keeps the changes it is given in `changes`, with the executor each came with. */
export function recordingAudit(): AuditRecorder & { changes: AuditChange[]; executors: Executor[] } {
  const changes: AuditChange[] = [];
  const executors: Executor[] = [];
  return {
    changes,
    executors,
    record: async (trx, change) => {
      executors.push(trx);
      changes.push(change);
    },
  };
}

/** A mailer that keeps what it is given in `sent`. */
export function fakeMailer(): Mailer & { sent: MailMessage[]; send: Mock<Mailer['send']>; close: Mock<Mailer['close']> } {
  const sent: MailMessage[] = [];
  return {
    sent,
    send: vi.fn(async (message: MailMessage) => {
      sent.push(message);
    }),
    close: vi.fn(),
  };
}

/** An event as a domain emitted it, with the executor it was given. */
export interface EmittedEvent<T extends WebhookEventType = WebhookEventType> {
  type: T;
  data: WebhookEventData[T];
  trx: Executor;
}

/** An event sink that keeps what it is given in `emitted`. */
export function fakeEventSink(): EventSink & { emitted: EmittedEvent[] } {
  const emitted: EmittedEvent[] = [];
  return {
    emitted,
    async emit(type, data, trx) {
      emitted.push({ type, data, trx } as EmittedEvent);
    },
  };
}

/** A mail queue that keeps what it is given in `queued`, with the executor of each. */
export function fakeMailQueue(): MailQueue & { queued: Array<QueuedMail & { trx: Executor }> } {
  const queued: Array<QueuedMail & { trx: Executor }> = [];
  return {
    queued,
    async enqueue(mail, trx) {
      queued.push({ ...mail, trx });
    },
  };
}
