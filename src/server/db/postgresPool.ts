import type { PostgresPool, PostgresPoolClient } from 'kysely';
import pg from 'pg';
import type { DatabaseTimeouts } from '../config.js';
import { UnavailableError } from '../errors.js';

/** Where the pool reports connections it lost; the server's logger fits. */
export interface DatabaseLog {
  warn(details: object, message: string): void;
}

const POOL_SIZE = 10;

/** The message of every request that failed because PostgreSQL did not answer. */
export const DATABASE_UNAVAILABLE_MESSAGE = 'Service temporarily unavailable';

export interface PostgresPoolOptions {
  url: string;
  schema?: string;
  /** Null: no timeouts, for migrations, whose statements may rightly run long. */
  timeouts: DatabaseTimeouts | null;
  log: DatabaseLog;
}

/**
 * A pg pool for Kysely that survives the database going away:
 * - a connection that fails while idle or in use is logged and replaced, never an unhandled
 *   'error' event (which would end the process);
 * - waiting for a connection and for a statement's answer is bounded by the timeouts;
 * - a connection that timed out or failed mid-query is destroyed when released, never handed to
 *   the next request: its transaction may still be open, and its stuck answer would block it;
 * - every such failure is thrown as UnavailableError, so the request is answered 503.
 * Errors the database reports on a healthy connection (a unique violation …) pass through unchanged.
 */
export function createPostgresPool(options: PostgresPoolOptions): PostgresPool {
  const { timeouts, log } = options;
  const pool = new pg.Pool({
    connectionString: options.url,
    max: POOL_SIZE,
    options: options.schema ? `-c search_path=${options.schema}` : undefined,
    ...(timeouts && {
      connectionTimeoutMillis: timeouts.connectMs,
      // Server-side: a slow statement is cancelled and the connection stays usable.
      statement_timeout: timeouts.statementMs,
      // Client-side: a database that does not answer at all (network stall) is given up on too.
      query_timeout: timeouts.statementMs,
    }),
    keepAlive: true,
  });
  pool.on('connect', (client) => {
    // Without a listener, a connection lost while checked out throws from an EventEmitter and ends the process.
    client.on('error', (error) => log.warn({ err: error }, 'database connection lost; the pool replaces it'));
  });
  // Idle connections that fail are reported here as well as by their own listener above.
  pool.on('error', () => {});
  return {
    async connect() {
      try {
        return guardedClient(await pool.connect());
      } catch (error) {
        throw asUnavailable(error);
      }
    },
    end: () => pool.end(),
  };
}

/** A pooled client that remembers a connection-level failure and is destroyed on release after one. */
function guardedClient(client: pg.PoolClient): PostgresPoolClient {
  let broken: Error | null = null;
  return {
    query: ((...args: Parameters<pg.PoolClient['query']>) => {
      // Kysely streams with a submittable (a cursor), which is not a promise: it reports its own errors.
      if (typeof args[0] !== 'string') return client.query(...args);
      // After a failure the connection's state is unknown: even a ROLLBACK would wait on it.
      if (broken) return Promise.reject(new UnavailableError(DATABASE_UNAVAILABLE_MESSAGE, { cause: broken }));
      return (client.query(...args) as unknown as Promise<unknown>).catch((error: unknown) => {
        if (isConnectionFailure(error)) broken = error as Error;
        throw asUnavailable(error);
      });
    }) as PostgresPoolClient['query'],
    release: () => client.release(broken ?? undefined),
  };
}

/**
 * SQLSTATE classes that mean the database, not the statement, failed: 08 connection exception,
 * 53 insufficient resources, 57 operator intervention (57014 is statement_timeout, 57P01 a
 * terminated backend), 58 system error.
 */
const UNAVAILABLE_SQLSTATE = /^(08|53|57|58)/;

/**
 * How pg and pg-pool word a connection that could not be had, was lost or did not answer
 * ("timeout exceeded when trying to connect", "Connection terminated unexpectedly", "Query read
 * timeout", "Client has encountered a connection error and is not queryable" …), and socket errors.
 */
const CONNECTION_MESSAGE = /timeout|terminated|connection|not queryable|ECONN|EPIPE|ETIMEDOUT|EHOSTUNREACH|ENOTFOUND|EAI_AGAIN/i;

/** A failure of the connection rather than an answer the database gave on a healthy one. */
function isConnectionFailure(error: unknown): boolean {
  if (error instanceof pg.DatabaseError) return /^(08|57P)/.test(error.code ?? '');
  return error instanceof Error && CONNECTION_MESSAGE.test(`${error.message} ${(error as NodeJS.ErrnoException).code ?? ''}`);
}

/** The error a request sees: 503 when the database is the cause; the original otherwise. */
function asUnavailable(error: unknown): unknown {
  const unavailable = error instanceof pg.DatabaseError ? UNAVAILABLE_SQLSTATE.test(error.code ?? '') : isConnectionFailure(error);
  return unavailable ? new UnavailableError(DATABASE_UNAVAILABLE_MESSAGE, { cause: error }) : error;
}
