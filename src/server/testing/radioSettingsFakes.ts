import { vi } from 'vitest';
import type { RadioSettings } from '../../common/api/radioSettings.js';
import type { DbTransaction } from '../db/transactions.js';
import type { CoverageCommits, RadioSettingsStore } from '../radio-settings/radioSettingsService.js';

/** The app_settings row of the radio settings in memory; `failReads` makes every read throw. */
export type MemoryRadioSettings = RadioSettingsStore & {
  stored: { settings: RadioSettings; updatedAt: string } | undefined;
  failReads: boolean;
  read: RadioSettingsStore['read'] & ReturnType<typeof vi.fn>;
};

export function memoryRadioSettings(): MemoryRadioSettings {
  const store: MemoryRadioSettings = {
    stored: undefined,
    failReads: false,
    read: vi.fn(async () => {
      if (store.failReads) throw new Error('database unavailable');
      return store.stored?.settings;
    }),
    write: async (settings: RadioSettings, updatedAt: string) => {
      store.stored = { settings, updatedAt };
    },
  };
  return store;
}

/**
 * The coverage revision and its commits: each commit runs the work, then moves `revision` (as the
 * engine's rebuild after the commit would); `bump` stands for another process's change.
 */
export function fakeCoverageRevision(): CoverageCommits & { revision: number | null; commits: number; bump(): void } {
  const coverage = {
    revision: 1 as number | null,
    commits: 0,
    bump() {
      coverage.revision = (coverage.revision ?? 0) + 1;
    },
    async commit<T>(work: (trx: DbTransaction) => Promise<T>): Promise<T> {
      // The fakes of repositories ignore the executor: an empty object stands for it.
      const result = await work({} as DbTransaction);
      coverage.commits += 1;
      coverage.bump();
      return result;
    },
  };
  return coverage;
}
