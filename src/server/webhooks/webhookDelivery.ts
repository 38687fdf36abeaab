import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../clock.js';
import type { DbTransaction, Transactions } from '../db/transactions.js';
import type { MailQueue } from '../outbox/mailQueue.js';
import type { SecretBox } from '../system/secretBox.js';
import { type AttemptResult, afterAttempt, disabledReason } from './deliverySchedule.js';
import { webhookDisabledMail } from './webhookDisabledMail.js';
import type { HeadDelivery, WebhookQueueRepository } from './webhookQueueRepository.js';
import type { WebhookSender } from './webhookSender.js';

/** Endpoints sent to at once (on PostgreSQL each holds a pooled connection while it sends). */
const MAX_LANES = 4;
/**
 * After an event is written (before its transaction commits) the worker looks twice: soon, for
 * the usual short commit, and again a little later for a slow one; the poll covers the rest, ms.
 */
const NUDGE_LOOKS_MS = [5, 50] as const;

export interface WebhookDeliveryOptions {
  queue: Pick<WebhookQueueRepository, 'dueEndpoints' | 'head' | 'lockHead' | 'recordAttempt' | 'disable'>;
  transactions: Transactions;
  /**
   * PostgreSQL (several processes may share the database): the head is claimed FOR UPDATE SKIP
   * LOCKED in a transaction held while it is sent, so one process sends it and a killed process's
   * claim dies with its connection. SQLite (one process per database file): this worker is the
   * only sender, and no transaction is held while sending.
   */
  lockRows: boolean;
  sender: WebhookSender;
  secrets: SecretBox;
  mail: MailQueue;
  /** Told when an endpoint is disabled; none: nobody is told (logged only). */
  leadsEmail: string | undefined;
  publicUrl: string;
  /** Seconds after each failed attempt, in order (WEBHOOK_RETRY_SECONDS). */
  retrySeconds: readonly number[];
  /** How often to look for due deliveries without being nudged (other processes' events, retries), ms. */
  pollMs: number;
  /** Every due time and the three days' rule are judged by this clock (tests move it). */
  clock: Clock;
  /**
   * The time written in webhook-timestamp: the real time of the send, as receivers reject a
   * timestamp more than five minutes from their own clock (never a test's moved clock).
   */
  wallClock: Clock;
  log: FastifyBaseLogger;
}

/**
 * The webhook delivery worker (issue 20 §3): in order per endpoint (only an endpoint's oldest
 * pending delivery is sent; while it waits for a retry the later ones wait too), signed as Standard
 * Webhooks says, retried on WEBHOOK_RETRY_SECONDS, an endpoint failing for three days disabled and
 * the admin told. Woken by the event outbox (nudge) and by a poll.
 */
export class WebhookDelivery {
  /** Endpoints being sent to now, by this process. */
  private readonly lanes = new Map<number, Promise<void>>();
  /** Endpoints found due while their lane was busy: looked at again when it ends. */
  private readonly lookAgain = new Set<number>();
  private readonly nudgeTimers: Array<NodeJS.Timeout | undefined> = NUDGE_LOOKS_MS.map(() => undefined);
  private poll: NodeJS.Timeout | undefined;
  private pass: Promise<void> | null = null;
  private passAgain = false;
  private stopping = false;

  constructor(private readonly options: WebhookDeliveryOptions) {}

  /** Starts the poll and looks at once (deliveries that waited while no process ran). */
  start(): void {
    this.stopping = false;
    this.poll = setInterval(() => this.wake(), this.options.pollMs);
    this.poll.unref();
    this.wake();
  }

  /** An event was written: look soon (its transaction is committing). */
  nudge(): void {
    NUDGE_LOOKS_MS.forEach((ms, i) => {
      this.nudgeTimers[i] ??= setTimeout(() => {
        this.nudgeTimers[i] = undefined;
        this.wake();
      }, ms);
    });
  }

  /** Stops looking; sends in flight finish or time out (10 s), and their outcome is written. */
  async stop(): Promise<void> {
    this.stopping = true;
    clearInterval(this.poll);
    for (const timer of this.nudgeTimers) clearTimeout(timer);
    this.nudgeTimers.fill(undefined);
    await this.pass;
    await Promise.all(this.lanes.values());
  }

  /** Looks for due deliveries now; resolves once every one found (and those after it) was attempted and nothing is in flight. */
  async deliverDue(): Promise<void> {
    this.wake();
    while (this.pass || this.lanes.size > 0) {
      await this.pass;
      await Promise.all(this.lanes.values());
    }
  }

  /** Finds the due endpoints and starts a lane for each one without (one pass at a time). */
  private wake(): void {
    if (this.stopping) return;
    if (this.pass) {
      this.passAgain = true;
      return;
    }
    this.pass = this.findWork()
      .catch((error: unknown) => this.options.log.error({ err: error }, 'webhook delivery: looking for due deliveries failed'))
      .finally(() => {
        this.pass = null;
        if (this.passAgain) {
          this.passAgain = false;
          this.wake();
        }
      });
  }

  private async findWork(): Promise<void> {
    const due = await this.options.queue.dueEndpoints(this.options.clock.now().toISOString());
    for (const endpointId of due) {
      if (this.lanes.has(endpointId)) this.lookAgain.add(endpointId);
      else if (this.lanes.size < MAX_LANES) this.startLane(endpointId);
    }
  }

  private startLane(endpointId: number): void {
    const lane = this.drain(endpointId).then(
      (sent) => {
        this.lanes.delete(endpointId);
        // Another endpoint may have waited for a free lane, or this one got work meanwhile.
        if (sent > 0 || this.lookAgain.delete(endpointId)) this.wake();
      },
      (error: unknown) => {
        this.lanes.delete(endpointId);
        this.lookAgain.delete(endpointId);
        // No wake: a failing database is retried at the next poll, not in a tight loop.
        this.options.log.error({ err: error, endpointId }, 'webhook delivery failed to run');
      },
    );
    this.lanes.set(endpointId, lane);
  }

  /** Sends the endpoint's due deliveries one after another, oldest first; how many were attempted. */
  private async drain(endpointId: number): Promise<number> {
    let sent = 0;
    while (!this.stopping && (await this.deliverHead(endpointId))) sent++;
    return sent;
  }

  /** Attempts the endpoint's head when it is due and no other process holds it; whether it did. */
  private async deliverHead(endpointId: number): Promise<boolean> {
    const { queue, transactions } = this.options;
    if (this.options.lockRows) {
      return transactions.run(async (trx) => {
        const head = await queue.lockHead(endpointId, trx);
        if (!head || !this.isDue(head)) return false;
        await this.record(head, await this.attempt(head), trx);
        return true;
      });
    }
    const head = await queue.head(endpointId);
    if (!head || !this.isDue(head)) return false;
    const result = await this.attempt(head);
    await transactions.run((trx) => this.record(head, result, trx));
    return true;
  }

  private isDue(head: HeadDelivery): boolean {
    return Date.parse(head.next_attempt_at) <= this.options.clock.now().getTime();
  }

  private async attempt(head: HeadDelivery): Promise<AttemptResult> {
    let secret: string;
    try {
      secret = this.options.secrets.open(head.secret_sealed);
    } catch {
      return { ok: false, statusCode: null, response: null, error: 'The signing secret cannot be read (sealed under another APP_SECRET): rotate it' };
    }
    return this.options.sender.send({ url: head.url, secret, messageId: head.message_id, body: deliveryBody(head), sentAt: this.options.wallClock.now() });
  }

  private async record(head: HeadDelivery, result: AttemptResult, trx: DbTransaction): Promise<void> {
    const { queue, clock, retrySeconds, leadsEmail, log } = this.options;
    const now = clock.now();
    const after = afterAttempt({ attempts: head.attempts, failingSince: head.failing_since }, result, now, retrySeconds);
    await queue.recordAttempt(head, after, trx);
    if (!after.disable || after.failingSince === null) return;
    const reason = disabledReason(after.failingSince);
    if (!(await queue.disable(head.endpoint_id, reason, now.toISOString(), trx))) return;
    log.warn({ endpointId: head.endpoint_id, failingSince: after.failingSince }, 'webhook endpoint disabled after failing for three days');
    if (leadsEmail) {
      const lastError = result.ok ? null : result.error;
      await this.options.mail.enqueue(
        webhookDisabledMail({ url: head.url, failingSince: after.failingSince, lastError }, leadsEmail, this.options.publicUrl),
        trx,
      );
    }
  }
}

/**
 * The body of every delivery of an event, byte for byte the same on each retry: `{type, timestamp,
 * data}`, timestamp the event's time (ISO 8601 UTC), data its payload as stored.
 */
export function deliveryBody(head: Pick<HeadDelivery, 'type' | 'event_created_at' | 'payload_json'>): string {
  return `{"type":${JSON.stringify(head.type)},"timestamp":${JSON.stringify(head.event_created_at)},"data":${head.payload_json}}`;
}
