import { createHash } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import type { DatabaseConfig } from '../config.js';

/** PostgreSQL refuses a channel name longer than its identifiers (NAMEDATALEN - 1 bytes). */
const MAX_CHANNEL_BYTES = 63;
const CHANNEL_PREFIX = 'coverage_revision:';

/** Waits before reconnecting: doubling from the first to the longest, each with jitter. */
const RETRY_FIRST_MS = 100;
const RETRY_MAX_MS = 30_000;
/** A query on the listening connection this often, so a silently dead connection is noticed. */
const HEARTBEAT_MS = 30_000;
const CONNECT_TIMEOUT_MS = 5000;
const QUERY_TIMEOUT_MS = 5000;
const CLOSE_WAIT_MS = 1000;

/**
 * The NOTIFY channel of a deployment's coverage revision: named after its schema, so deployments
 * sharing one database (each in its own DATABASE_SCHEMA) do not wake each other. Unset means the
 * default schema, public. Null on SQLite, where there is no other process to tell.
 */
export function revisionChannelFor(database: DatabaseConfig): string | null {
  return database.kind === 'postgres' ? revisionChannel(database.schema ?? 'public') : null;
}

export function revisionChannel(schema: string): string {
  const channel = `${CHANNEL_PREFIX}${schema}`;
  if (Buffer.byteLength(channel) <= MAX_CHANNEL_BYTES) return channel;
  // A long schema name: keep its start for people reading pg_stat_activity, and a digest of all of it.
  const digest = createHash('sha256').update(schema).digest('hex').slice(0, 16);
  return `${CHANNEL_PREFIX}${schema.slice(0, MAX_CHANNEL_BYTES - CHANNEL_PREFIX.length - digest.length - 1)}~${digest}`;
}

/** Hears of coverage revisions committed by any process until closed. */
export interface RevisionNotifications {
  close(): Promise<void>;
}

/**
 * Calls `onRevision` whenever any process commits a new coverage revision (CoverageRevisionRepository
 * NOTIFYs in the bumping transaction), and once after each (re)connection for what was missed
 * meanwhile. PostgreSQL only: on SQLite the one process is told by CoverageChanges, and this does
 * nothing. Resolves after the first attempt to listen, whether or not it succeeded; the engine's
 * poll covers whatever this misses.
 */
export async function listenForRevisions(database: DatabaseConfig, onRevision: () => Promise<void>, log: FastifyBaseLogger): Promise<RevisionNotifications> {
  const channel = revisionChannelFor(database);
  if (database.kind !== 'postgres' || channel === null) return { close: async () => {} };
  const listener = new PgRevisionListener({ connectionString: database.url, channel, onRevision, log });
  await listener.start();
  return listener;
}

export interface PgRevisionListenerOptions {
  connectionString: string;
  channel: string;
  onRevision: () => Promise<void>;
  log: FastifyBaseLogger;
}

/**
 * LISTENs on a connection of its own (a pooled one would be handed to other queries and lose the
 * LISTEN). When that connection drops or stops answering it reconnects with backoff; it logs and
 * never throws.
 */
export class PgRevisionListener implements RevisionNotifications {
  private client: pg.Client | null = null;
  /** The latest attempt to connect; close() waits for it. */
  private connecting: Promise<void> = Promise.resolve();
  private retryTimer: NodeJS.Timeout | null = null;
  private heartbeat: NodeJS.Timeout | null = null;
  private failures = 0;
  private listenedBefore = false;
  private closed = false;

  constructor(private readonly options: PgRevisionListenerOptions) {}

  start(): Promise<void> {
    this.connecting = this.connect();
    return this.connecting;
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.retryTimer = null;
    this.stopHeartbeat();
    await this.connecting;
    const client = this.client;
    this.client = null;
    if (client) await discard(client);
  }

  private async connect(): Promise<void> {
    const { channel, log } = this.options;
    const client = new pg.Client({
      connectionString: this.options.connectionString,
      // Names the connection in pg_stat_activity.
      application_name: `listen ${channel}`.slice(0, MAX_CHANNEL_BYTES),
      connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
      query_timeout: QUERY_TIMEOUT_MS,
      keepAlive: true,
    });
    client.on('error', (error: Error) => this.lost(client, error));
    client.on('end', () => this.lost(client, new Error('connection closed')));
    client.on('notification', (message) => {
      if (message.channel === channel && this.client === client) this.wake();
    });
    try {
      await client.connect();
      await client.query(`listen ${client.escapeIdentifier(channel)}`);
    } catch (error) {
      void discard(client);
      this.retryLater(error, 'could not listen for coverage revisions');
      return;
    }
    if (this.closed) {
      await discard(client);
      return;
    }
    this.client = client;
    this.failures = 0;
    if (this.listenedBefore) log.info({ channel }, 'listening for coverage revisions again');
    else log.debug({ channel }, 'listening for coverage revisions');
    this.listenedBefore = true;
    this.heartbeat = setInterval(() => {
      client.query('select 1').catch((error: unknown) => this.lost(client, error));
    }, HEARTBEAT_MS);
    this.heartbeat.unref();
    // Whatever was committed while nobody listened (or before the first LISTEN) is read now.
    this.wake();
  }

  /** The current connection failed: drop it and reconnect. Later events of an old connection are ignored. */
  private lost(client: pg.Client, error: unknown): void {
    if (this.client !== client) return;
    this.client = null;
    this.stopHeartbeat();
    void discard(client);
    this.retryLater(error, 'lost the connection listening for coverage revisions');
  }

  private retryLater(error: unknown, message: string): void {
    if (this.closed) return;
    const ceiling = Math.min(RETRY_MAX_MS, RETRY_FIRST_MS * 2 ** Math.min(this.failures, 20));
    // Jitter: processes that lost the database together do not all come back at the same moment.
    const delay = Math.round(ceiling / 2 + (Math.random() * ceiling) / 2);
    this.failures += 1;
    this.options.log.warn(
      { err: error, channel: this.options.channel, retryInMs: delay },
      `${message}; retrying (other servers' changes arrive by polling meanwhile)`,
    );
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null;
      if (!this.closed) this.connecting = this.connect();
    }, delay);
    this.retryTimer.unref();
  }

  private wake(): void {
    if (this.closed) return;
    this.options.onRevision().catch((error: unknown) => this.options.log.error({ err: error }, 'coverage index refresh after a notification failed'));
  }

  private stopHeartbeat(): void {
    if (this.heartbeat) clearInterval(this.heartbeat);
    this.heartbeat = null;
  }
}

/** Ends a connection without waiting long for a dead one, and without letting its errors escape. */
async function discard(client: pg.Client): Promise<void> {
  client.removeAllListeners();
  client.on('error', () => {});
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([
    client.end().catch(() => {}),
    new Promise<void>((resolve) => {
      timer = setTimeout(resolve, CLOSE_WAIT_MS);
      timer.unref();
    }),
  ]);
  clearTimeout(timer);
}
