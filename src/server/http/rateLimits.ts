import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { TooManyRequestsError } from '../errors.js';

export interface RateLimitStoreConfig {
  /** Counters live in this Redis, shared by every server process; unset means in this process. */
  url?: string;
  /** Prefix of every Redis key, so several deployments (or tests) can share one Redis. */
  keyPrefix: string;
}

/** "45 seconds", "1 minute", "60 minutes": the wait a person reads in a 429 message. */
export function waitText(seconds: number): string {
  if (seconds < 60) return seconds === 1 ? '1 second' : `${seconds} seconds`;
  const minutes = Math.ceil(seconds / 60);
  return minutes === 1 ? '1 minute' : `${minutes} minutes`;
}

/**
 * Registers @fastify/rate-limit for the routes registered after it in `app`. Nothing is limited
 * globally: a route opts in with `config: { rateLimit: { max, timeWindow } }`, counted per client
 * address (request.ip, so TRUST_PROXY decides what that is). A 429 goes through the project's
 * error handler, which sends the envelope and Retry-After.
 */
export async function registerRateLimits(app: FastifyInstance, store: RateLimitStoreConfig): Promise<void> {
  const redis = store.url
    ? // Bounded waits: while Redis is away a request waits at most about a second, then goes unlimited.
      new Redis(store.url, { connectTimeout: 2000, commandTimeout: 1000, maxRetriesPerRequest: 1 })
    : undefined;
  if (redis) {
    redis.on('error', (error: Error) => app.log.warn({ err: error }, 'rate-limit Redis unavailable; requests are not limited meanwhile'));
    app.addHook('onClose', async () => {
      await redis.quit().catch(() => redis.disconnect());
    });
  }
  await app.register(rateLimit, {
    global: false,
    redis,
    nameSpace: `${store.keyPrefix}rate-limit:`,
    // A lead must not be lost because the counter store is down: fail open.
    skipOnError: true,
    errorResponseBuilder: (_request, context) => {
      const seconds = Math.max(1, Math.ceil(context.ttl / 1000));
      return new TooManyRequestsError(`Too many requests. Please try again in ${waitText(seconds)}.`, seconds);
    },
  });
}
