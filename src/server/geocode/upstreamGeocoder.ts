import { setTimeout as sleep } from 'node:timers/promises';
import { z } from 'zod';
import { parseDecimal } from '../../common/api/fields.js';
import type { AddressSuggestion } from '../../common/api/geocode.js';
import type { Clock } from '../clock.js';
import { UpstreamError } from '../errors.js';
import type { OutboundClient } from '../outbound/outboundClient.js';
import { normalizeForSearch } from './searchText.js';
import { TtlLruCache } from './ttlLruCache.js';

/** The place-search fallback answers within 8 s with at most 5 results. */
const TIMEOUT_MS = 8000;
const UPSTREAM_LIMIT = 5;
/** A search answer of 5 places is a few KB; anything near this is not a geocoder. */
const MAX_RESPONSE_BYTES = 1024 * 1024;
const CACHE_ENTRIES = 1000;
const CACHE_TTL_MS = 24 * 60 * 60 * 1000;
/** A search that would wait longer than this for its turn (GEOCODER_MIN_INTERVAL_MS) is skipped. */
const MAX_QUEUE_WAIT_MS = 3000;

export interface UpstreamGeocoderOptions {
  /** Nominatim-compatible /search endpoint. */
  url: string;
  /** ISO 3166-1 alpha-2, lower case; sent as countrycodes. */
  country: string;
  /** Nominatim's usage policy asks every application to identify itself. */
  userAgent: string;
  /** Least time between two requests of this process, in ms (Nominatim's policy: 1 per second). */
  minIntervalMs: number;
}

/** One Nominatim result; lat and lon are decimal degrees as text. Other fields are ignored. */
const nominatimPlace = z.object({
  display_name: z.string().min(1),
  lat: z.union([z.string(), z.number()]),
  lon: z.union([z.string(), z.number()]),
});

function toSuggestion(item: unknown): AddressSuggestion | undefined {
  const parsed = nominatimPlace.safeParse(item);
  if (!parsed.success) return undefined;
  const lat = typeof parsed.data.lat === 'number' ? parsed.data.lat : parseDecimal(parsed.data.lat);
  const lng = typeof parsed.data.lon === 'number' ? parsed.data.lon : parseDecimal(parsed.data.lon);
  const valid = Number.isFinite(lat) && Number.isFinite(lng) && Math.abs(lat) <= 90 && Math.abs(lng) <= 180;
  return valid ? { label: parsed.data.display_name, lat, lng } : undefined;
}

/**
 * A Nominatim-compatible place search through the outbound client. Answers are cached per
 * normalized query (empty answers too: asking again would not change them), identical searches in
 * flight share one request, and requests are spaced per the upstream's usage policy.
 * Failures throw (OutboundError or UpstreamError) and are not cached.
 */
export class UpstreamGeocoder {
  private readonly cache: TtlLruCache<string, AddressSuggestion[]>;
  private readonly inFlight = new Map<string, Promise<AddressSuggestion[]>>();
  /** performance.now() at which the next request may start. */
  private nextSlotAt = 0;

  constructor(
    private readonly outbound: OutboundClient,
    private readonly options: UpstreamGeocoderOptions,
    clock: Clock,
  ) {
    this.cache = new TtlLruCache(CACHE_ENTRIES, CACHE_TTL_MS, clock);
  }

  search(query: string): Promise<AddressSuggestion[]> {
    const key = normalizeForSearch(query);
    const cached = this.cache.get(key);
    if (cached) return Promise.resolve(cached);
    const pending = this.inFlight.get(key);
    if (pending) return pending;
    const request = this.fetch(query.trim())
      .then((suggestions) => {
        this.cache.set(key, suggestions);
        return suggestions;
      })
      .finally(() => this.inFlight.delete(key));
    this.inFlight.set(key, request);
    return request;
  }

  private async fetch(query: string): Promise<AddressSuggestion[]> {
    await this.waitForTurn();
    const url = new URL(this.options.url);
    url.searchParams.set('format', 'json');
    url.searchParams.set('q', query);
    url.searchParams.set('countrycodes', this.options.country);
    url.searchParams.set('limit', String(UPSTREAM_LIMIT));
    const response = await this.outbound.request(url.href, {
      timeoutMs: TIMEOUT_MS,
      maxBytes: MAX_RESPONSE_BYTES,
      headers: { 'user-agent': this.options.userAgent, 'accept-language': 'en', accept: 'application/json' },
    });
    if (response.status !== 200) throw new UpstreamError(`The geocoder answered HTTP ${response.status}`);
    let body: unknown;
    try {
      body = JSON.parse(response.body.toString('utf8'));
    } catch {
      throw new UpstreamError('The geocoder did not answer JSON');
    }
    if (!Array.isArray(body)) throw new UpstreamError('The geocoder did not answer a list of places');
    return body
      .map(toSuggestion)
      .filter((s): s is AddressSuggestion => s !== undefined)
      .slice(0, UPSTREAM_LIMIT);
  }

  /** Takes the next free request slot, waiting for it; throws when the queue is too long. */
  private async waitForTurn(): Promise<void> {
    const now = performance.now();
    const slot = Math.max(now, this.nextSlotAt);
    if (slot - now > MAX_QUEUE_WAIT_MS) throw new UpstreamError('The geocoder is busy: too many searches are waiting');
    this.nextSlotAt = slot + this.options.minIntervalMs;
    if (slot > now) await sleep(slot - now);
  }
}
