import type { FastifyBaseLogger } from 'fastify';
import type { EmbedSettings } from '../../common/api/embedSettings.js';
import type { AuditRecorder } from '../audit/auditTrail.js';
import type { Clock } from '../clock.js';
import type { Transactions } from '../db/transactions.js';
import type { EmbedSettingsRepository } from './embedSettingsRepository.js';
import { frameAncestorSources } from './frameAncestors.js';

/**
 * How long a process serves the settings it last read before reading them again, in ms. Another
 * server's change reaches this one within this time; a change made here applies at once.
 */
const EMBED_SETTINGS_CACHE_MS = 10_000;

/** Never saved: any site may embed the map. */
const DEFAULT_SETTINGS: EmbedSettings = { allowed_domains: [] };

/** Which sites may frame /embed and /widget: kept in the database, read through a short cache. */
export class EmbedSettingsService {
  private cached: { settings: EmbedSettings; readAt: number } | undefined;
  /** One database read at a time, shared by the page requests that arrive meanwhile. */
  private reading: Promise<EmbedSettings> | undefined;

  constructor(
    private readonly repo: EmbedSettingsRepository,
    private readonly clock: Clock,
    private readonly log: FastifyBaseLogger,
    private readonly transactions: Transactions,
    private readonly audit: AuditRecorder,
  ) {}

  /** The stored settings, read now (for the admin screen). */
  async get(): Promise<EmbedSettings> {
    const settings = (await this.repo.read()) ?? DEFAULT_SETTINGS;
    this.cached = { settings, readAt: this.clock.now().getTime() };
    return settings;
  }

  /** Saves validated settings, domains in lower case and each once; returns what was stored. */
  async save(input: EmbedSettings): Promise<EmbedSettings> {
    const settings: EmbedSettings = { allowed_domains: [...new Set(input.allowed_domains.map((d) => d.toLowerCase()))] };
    const now = this.clock.now();
    await this.transactions.run(async (trx) => {
      const before = (await this.repo.read(trx)) ?? DEFAULT_SETTINGS;
      await this.repo.write(settings, now.toISOString(), trx);
      await this.audit.record(trx, { entity: 'settings', entityId: 'embed', action: 'update', before: { ...before }, after: { ...settings } });
    });
    this.cached = { settings, readAt: now.getTime() };
    return settings;
  }

  /** CSP frame-ancestors sources for the embeddable pages, from settings at most EMBED_SETTINGS_CACHE_MS old. */
  async frameAncestors(): Promise<string[]> {
    return frameAncestorSources((await this.recentSettings()).allowed_domains);
  }

  private async recentSettings(): Promise<EmbedSettings> {
    const cached = this.cached;
    if (cached && this.clock.now().getTime() - cached.readAt < EMBED_SETTINGS_CACHE_MS) return cached.settings;
    this.reading ??= this.get().finally(() => {
      this.reading = undefined;
    });
    try {
      return await this.reading;
    } catch (error) {
      // A database hiccup should not take the embedded map down: keep the last settings read.
      if (!cached) throw error;
      this.log.warn({ err: error instanceof Error ? error.message : String(error) }, 'embed settings unreadable; using the last ones read');
      return cached.settings;
    }
  }
}
