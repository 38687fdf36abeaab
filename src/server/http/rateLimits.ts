import rateLimit, { type FastifyRateLimitStore } from '@fastify/rate-limit';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { LRUCache } from 'lru-cache';
import { TooManyRequestsError } from '../errors.js';
import { CircuitBreaker } from '../system/circuitBreaker.js';

export interface RateLimitStoreConfig {
  /** Counters live in this Redis, shared by every server process; unset means in this process. */
  url?: string;
  /** Prefix of every Redis key, so several deployments (or tests) can share one Redis. */
  keyPrefix: string;
}

/** How long a request may wait for Redis: to connect, and for one count. */
const REDIS_CONNECT_TIMEOUT_MS = 200;
const REDIS_COMMAND_TIMEOUT_MS = 150;
/** After a count fails, Redis is left alone this long (the circuit is open), then probed once. */
const REDIS_COOL_DOWN_MS = 5000;
/** At start-up, the longest wait for the first connection, so the first requests count in Redis when it is up. */
const REDIS_START_WAIT_MS = 1000;
/** Waits between attempts to reconnect to Redis, growing to this. */
const REDIS_RECONNECT_MAX_MS = 5000;
/** Client addresses counted in this process per limited route; the least recently seen go first. */
const LOCAL_KEYS_PER_ROUTE = 10_000;

/** "45 seconds", "1 minute", "60 minutes": the wait a person reads in a 429 message. */
export function waitText(seconds: number): string {
  if (seconds < 60) return seconds === 1 ? '1 second' : `${seconds} seconds`;
  const minutes = Math.ceil(seconds / 60);
  return minutes === 1 ? '1 minute' : `${minutes} minutes`;
}

/** Requests counted in one window for a key, and the milliseconds until the window ends. */
interface Count {
  current: number;
  ttl: number;
}

/**
 * One fixed window per key: INCR, and the expiry set by the first request of the window (or on a
 * key that has somehow lost it). Answers [count, milliseconds left].
 */
const INCREMENT_WINDOW_LUA = `
local current = redis.call('INCR', KEYS[1])
local ttl = redis.call('PTTL', KEYS[1])
if current == 1 or ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
return {current, ttl}
`;

type CountingRedis = Redis & { incrementWindow(key: string, windowMs: number): Promise<[number, number]> };

/**
 * The counters every process shares, in Redis, asked only while they can answer at once: never
 * while the connection is down (no offline queue: nothing waits for a reconnect), and not while
 * the circuit is open after a count failed or timed out. The probe after the cool-down runs beside
 * the request, which is counted in this process, so a Redis that hangs costs no request a wait
 * but the first one (at most REDIS_COMMAND_TIMEOUT_MS).
 */
export class SharedCounters {
  private readonly redis: CountingRedis;
  private readonly breaker = new CircuitBreaker(REDIS_COOL_DOWN_MS);
  /** The last count failed: the next call is a probe nobody waits for. */
  private failing = false;
  /** Whether the "unavailable" warning was given since Redis last answered. */
  private warned = false;

  constructor(
    url: string,
    private readonly namespace: string,
    private readonly log: FastifyBaseLogger,
  ) {
    this.redis = new Redis(url, {
      connectTimeout: REDIS_CONNECT_TIMEOUT_MS,
      commandTimeout: REDIS_COMMAND_TIMEOUT_MS,
      // Fail at once while disconnected instead of queueing until Redis is back.
      enableOfflineQueue: false,
      maxRetriesPerRequest: 0,
      retryStrategy: (attempt) => Math.min(attempt * 200, REDIS_RECONNECT_MAX_MS),
    }) as CountingRedis;
    this.redis.defineCommand('incrementWindow', { numberOfKeys: 1, lua: INCREMENT_WINDOW_LUA });
    // ioredis reports every failed reconnect: one warning per outage is enough.
    this.redis.on('error', (error: Error) => this.unavailable(error));
  }

  /** Resolves when the first connection is ready or has failed, or after `ms` at most. */
  firstConnection(ms: number): Promise<void> {
    if (this.redis.status === 'ready') return Promise.resolve();
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.redis.off('ready', done);
        this.redis.off('error', done);
        resolve();
      };
      const timer = setTimeout(done, ms);
      this.redis.once('ready', done);
      this.redis.once('error', done);
    });
  }

  /** The count in Redis, or null when Redis cannot answer now (then the caller counts alone). */
  async increment(key: string, windowMs: number): Promise<Count | null> {
    if (this.redis.status !== 'ready' || !this.breaker.allows()) return null;
    const probe = this.failing;
    const counted = this.redis.incrementWindow(this.namespace + key, windowMs).then(
      ([current, ttl]): Count => {
        this.failing = false;
        this.breaker.succeeded();
        this.available();
        return { current, ttl };
      },
      (error: unknown) => {
        this.failing = true;
        this.breaker.failed();
        this.unavailable(error);
        // A connection that let a count time out may be dead without knowing it: start a new one
        // (the probe after the cool-down then finds out whether Redis answers again).
        if (error instanceof Error && /timed out/i.test(error.message)) this.redis.disconnect(true);
        return null;
      },
    );
    return probe ? null : counted;
  }

  /** QUIT when connected (bounded by the command timeout), else just drop the connection. */
  async close(): Promise<void> {
    if (this.redis.status === 'ready') await this.redis.quit().catch(() => {});
    this.redis.disconnect();
  }

  private unavailable(error: unknown): void {
    if (this.warned) return;
    this.warned = true;
    this.log.warn({ err: error }, 'rate-limit Redis unavailable; each server process counts its own requests meanwhile');
  }

  private available(): void {
    if (!this.warned) return;
    this.warned = false;
    this.log.info('rate-limit Redis available again; counts are shared');
  }
}

interface Window {
  count: number;
  endsAt: number;
}

/**
 * The @fastify/rate-limit store of one route: counts in the shared Redis when there is one and it
 * answers, else in this process (as without REDIS_URL). Never fails, so a lead is never refused or
 * slowed because Redis is away; meanwhile a client can send up to the limit to each process.
 */
class RouteCounters implements FastifyRateLimitStore {
  private readonly local = new LRUCache<string, Window>({ max: LOCAL_KEYS_PER_ROUTE });

  constructor(
    private readonly shared: SharedCounters | null,
    /** Method and URL of the route: keys in Redis are `${REDIS_KEY_PREFIX}rate-limit:POST/api/submit_lead-<address>`. */
    private readonly route = '',
  ) {}

  incr(key: string, callback: (error: Error | null, result?: Count) => void, timeWindow: number): void {
    if (!this.shared) {
      callback(null, this.countHere(key, timeWindow));
      return;
    }
    void this.shared.increment(this.route + key, timeWindow).then((count) => callback(null, count ?? this.countHere(key, timeWindow)));
  }

  child(options: Parameters<FastifyRateLimitStore['child']>[0]): FastifyRateLimitStore {
    // Typed as route options, but what the plugin passes is the route's limits with the route as routeInfo.
    const { method = '', url = '' } = (options as unknown as { routeInfo?: { method?: string | string[]; url?: string } }).routeInfo ?? {};
    return new RouteCounters(this.shared, `${String(method)}${url}-`);
  }

  private countHere(key: string, windowMs: number): Count {
    const now = Date.now();
    let window = this.local.get(key);
    if (!window || window.endsAt <= now) window = { count: 0, endsAt: now + windowMs };
    window.count += 1;
    this.local.set(key, window);
    return { current: window.count, ttl: window.endsAt - now };
  }
}

/**
 * Registers @fastify/rate-limit for the routes registered after it in `app`. Nothing is limited
 * globally: a route opts in with `config: { rateLimit: { max, timeWindow } }`, counted per client
 * address (request.ip, so TRUST_PROXY decides what that is). A 429 goes through the project's
 * error handler, which sends the envelope and Retry-After.
 */
export async function registerRateLimits(app: FastifyInstance, store: RateLimitStoreConfig): Promise<void> {
  const shared = store.url ? new SharedCounters(store.url, `${store.keyPrefix}rate-limit:`, app.log) : null;
  if (shared) {
    app.addHook('onClose', () => shared.close());
    await shared.firstConnection(REDIS_START_WAIT_MS);
  }
  await app.register(rateLimit, {
    global: false,
    // The plugin builds the root store itself (then one child per limited route).
    store: class extends RouteCounters {
      constructor() {
        super(shared);
      }
    },
    // The store never fails; should it, a lead must not be lost for it: let the request through.
    skipOnError: true,
    errorResponseBuilder: (_request, context) => {
      const seconds = Math.max(1, Math.ceil(context.ttl / 1000));
      return new TooManyRequestsError(`Too many requests. Please try again in ${waitText(seconds)}.`, seconds);
    },
  });
}
