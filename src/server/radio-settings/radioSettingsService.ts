import type { FastifyBaseLogger } from 'fastify';
import { defaultRadioSettings, type RadioSettings } from '../../common/api/radioSettings.js';
import type { AuditRecorder } from '../audit/auditTrail.js';
import type { Clock } from '../clock.js';
import type { CoverageChanges } from '../coverage-revision/coverageChanges.js';
import type { RadioSettingsRepository } from './radioSettingsRepository.js';

/** The adapters the service is given, by the part of them it uses (tests hand in fakes). */
export type RadioSettingsStore = Pick<RadioSettingsRepository, 'read' | 'write'>;
export type CoverageCommits = Pick<CoverageChanges, 'commit'>;

export interface RadioSettingsDeps {
  repository: RadioSettingsStore;
  coverage: CoverageCommits;
  /** The coverage revision this process's index answers from (CoverageEngine.revision); null before its first build. */
  builtRevision: () => number | null;
  /** The roof profile while nothing is saved: CPE_ANTENNA_GAIN_DBI (dBi) and FOOTPRINT_RECEIVER_HEIGHT_M (metres). */
  roof: { gainDbi: number; heightM: number };
  clock: Clock;
  log: FastifyBaseLogger;
  audit: AuditRecorder;
}

/**
 * The radio settings: the propagation model, ITM's parameters, the clutter height and the CPE
 * profiles, kept in the database. Every wireless answer and footprint depends on them, so a save
 * commits through CoverageChanges and moves the coverage revision: every process (this one at
 * once, the others by NOTIFY or their poll) rebuilds its index and then reconciles its footprints,
 * and `current()` reads the settings again for each revision it answers from. A short cache would
 * let footprints be computed with settings one process has not read yet; the revision ties each
 * process's settings to the rebuild that follows the change.
 */
export class RadioSettingsService {
  private cached: { revision: number; settings: RadioSettings } | undefined;
  private reading: { revision: number | null; settings: Promise<RadioSettings> } | undefined;
  /** The settings last read, answered when the database cannot be read. */
  private lastRead: RadioSettings | undefined;
  /** Moves with every save here: a read that started before it does not fill the cache. */
  private saves = 0;

  constructor(private readonly deps: RadioSettingsDeps) {}

  /** The settings never saved give: ITM, no clutter, the roof CPE (the default) and the long-range dish. */
  defaults(): RadioSettings {
    return defaultRadioSettings(this.deps.roof);
  }

  /** The stored settings read now, or the defaults (for the admin screen). */
  async get(): Promise<RadioSettings> {
    return (await this.deps.repository.read()) ?? this.defaults();
  }

  /** Stores validated settings in the same transaction as a new coverage revision; returns them. */
  async save(settings: RadioSettings): Promise<RadioSettings> {
    const updatedAt = this.deps.clock.now().toISOString();
    await this.deps.coverage.commit(async (trx) => {
      const before = (await this.deps.repository.read(trx)) ?? this.defaults();
      await this.deps.repository.write(settings, updatedAt, trx);
      await this.deps.audit.record(trx, { entity: 'settings', entityId: 'radio', action: 'update', before: { ...before }, after: { ...settings } });
    });
    this.saves += 1;
    this.cached = undefined;
    this.reading = undefined;
    this.lastRead = settings;
    return settings;
  }

  /**
   * The settings at the coverage revision this process answers from: read once per revision (one
   * read shared by the callers meanwhile). A revision is committed with its settings, so what is
   * read after the index reached it is at least as new. When the database cannot be read, the
   * settings last read stand.
   */
  async current(): Promise<RadioSettings> {
    const revision = this.deps.builtRevision();
    if (revision !== null && this.cached?.revision === revision) return this.cached.settings;
    if (this.reading?.revision === revision) return this.reading.settings;
    const savesBefore = this.saves;
    const done = () => {
      if (this.reading === reading) this.reading = undefined;
    };
    const reading = {
      revision,
      settings: this.get().then(
        (read) => {
          done();
          if (this.saves !== savesBefore) return read;
          if (revision !== null) this.cached = { revision, settings: read };
          this.lastRead = read;
          return read;
        },
        (error: unknown) => {
          done();
          if (!this.lastRead) throw error;
          this.deps.log.warn({ err: error instanceof Error ? error.message : String(error) }, 'radio settings unreadable; using the last ones read');
          return this.lastRead;
        },
      ),
    };
    this.reading = reading;
    return reading.settings;
  }
}
