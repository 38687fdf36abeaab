import type { Clock } from '../clock.js';

/** A bounded map: entries expire `ttlMs` after they were set, and the least recently read goes first when full. */
export class TtlLruCache<K, V> {
  /** Map keeps insertion order; a read re-inserts, so the first key is the least recently used. */
  private readonly entries = new Map<K, { value: V; expiresAt: number }>();

  constructor(
    private readonly maxEntries: number,
    private readonly ttlMs: number,
    private readonly clock: Clock,
  ) {}

  get(key: K): V | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    this.entries.delete(key);
    if (entry.expiresAt <= this.clock.now().getTime()) return undefined;
    this.entries.set(key, entry);
    return entry.value;
  }

  set(key: K, value: V): void {
    this.entries.delete(key);
    this.entries.set(key, { value, expiresAt: this.clock.now().getTime() + this.ttlMs });
    if (this.entries.size > this.maxEntries) this.entries.delete(this.entries.keys().next().value as K);
  }
}
