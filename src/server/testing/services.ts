import { noClutterAreas } from '../clutter/clutterAreaService.js';
import type { FootprintBounds, FootprintSettings } from '../footprints/footprintService.js';
import type { FootprintCalibration } from '../footprints/footprintInputs.js';
import { FootprintService } from '../footprints/footprintService.js';
import type { LeadRepository } from '../leads/leadRepository.js';
import { type LeadProviders, LeadService } from '../leads/leadService.js';
import { RadioSettingsService } from '../radio-settings/radioSettingsService.js';
import { type NearestPlace, ReportService } from '../reports/reportService.js';
import type { Transactions } from '../db/transactions.js';
import type { TowerRecord } from '../towers/towerRepository.js';
import type { SectorRecord } from '../towers/sectorRepository.js';
import type { PatternRecord } from '../antenna-patterns/antennaPatternRepository.js';
import { defaultRadioSettings, type RadioSettings } from '../../common/api/radioSettings.js';
import { AntennaPatternService } from '../antenna-patterns/antennaPatternService.js';
import { SectorService } from '../towers/sectorService.js';
import { createSecretBox } from '../system/secretBox.js';
import { WebhookDelivery } from '../webhooks/webhookDelivery.js';
import { fakeWebhookSender, memoryWebhookQueue, type MemoryEndpoint, type MemoryWebhookQueue } from './webhookFakes.js';
import { vi } from 'vitest';
import { ZoneGoals } from '../zones/zoneGoals.js';
import { ZoneListVersion } from '../zones/zoneListVersion.js';
import { ZoneService, type ZoneServiceDeps } from '../zones/zoneService.js';
import { memoryZones, type MemoryZones, recordingEventSink, recordingMailQueue } from './zoneFakes.js';
import {
  fakeCoverageRevision,
  countingCommits,
  fakeEventSink,
  fakeLogger,
  fakeMailQueue,
  fakeSearchCoverage,
  fakeTerrain,
  fakeTowers,
  fakeTransactions,
  type FakeLogger,
  manualClock,
  type ManualClock,
  recordingAudit,
  memoryFootprintRepository,
  type MemoryFootprintRepository,
  memoryRadioSettings,
  type MemoryRadioSettings,
  memoryReportRepository,
  type MemoryReportRepository,
  memorySearchLogs,
  type MemorySearchLogs,
  memoryPatterns,
  type MemoryPatterns,
  memorySectors,
  type MemorySectors,
  towerRecord,
} from './fakes.js';

// Each service of the specs is built here, and only here, from the fakes: a change to a
// constructor is answered in this file. Every builder takes the fakes a spec wants to set and
// returns the service with all the fakes it was given, to look into afterwards.

export function newReportService(deps: { repo?: MemoryReportRepository; clock?: ManualClock; timeZone?: string; places?: NearestPlace } = {}) {
  const built = {
    repo: deps.repo ?? memoryReportRepository([]),
    clock: deps.clock ?? manualClock(),
    timeZone: deps.timeZone ?? 'UTC',
    places: deps.places ?? { nearest: () => null },
  };
  return { ...built, service: new ReportService(built.repo, built.clock, built.timeZone, built.places) };
}

/** The settings of a footprint in the specs: a 16 dBi omni antenna, 10,000 cells, 16 MB of inflated grids. */
export const FOOTPRINT_SETTINGS: FootprintSettings = { maxCells: 10_000, towerDbi: 16, memoryBytes: 16 * 1024 * 1024 };

/** The radio settings of a footprint in the specs: the defaults, with a roof CPE of 23 dBi at 2 m. */
export const FOOTPRINT_RADIO_SETTINGS: RadioSettings = defaultRadioSettings({ gainDbi: 23, heightM: 2 });

export function newFootprintService(
  deps: {
    repo?: MemoryFootprintRepository;
    towers?: TowerRecord[];
    /** The sectors of the towers, in the table's order; the patterns they use. */
    sectors?: SectorRecord[];
    patterns?: PatternRecord[];
    terrain?: ReturnType<typeof fakeTerrain>;
    terrainSignature?: (bounds: FootprintBounds) => Promise<string>;
    settings?: FootprintSettings;
    clock?: ManualClock;
    log?: FakeLogger;
  } = {},
) {
  const built = {
    repo: deps.repo ?? memoryFootprintRepository(),
    towers: deps.towers ?? [],
    sectors: deps.sectors ?? [],
    patterns: memoryPatterns(deps.patterns),
    /** What radioSettings answers: a spec may replace `settings` between passes. */
    radio: { settings: FOOTPRINT_RADIO_SETTINGS },
    /** What calibration answers: off, σ from the settings; a spec may replace `snapshot` between passes. */
    calibration: { snapshot: { lookup: null, model: null, sigmaDb: FOOTPRINT_RADIO_SETTINGS.prediction_spread_db } as FootprintCalibration },
    terrain: deps.terrain ?? fakeTerrain(),
    terrainSignature: deps.terrainSignature ?? (async () => 'flat'),
    settings: deps.settings ?? FOOTPRINT_SETTINGS,
    clock: deps.clock ?? manualClock(),
    log: deps.log ?? fakeLogger(),
  };
  const service = new FootprintService({
    repository: built.repo,
    searches: { uncoveredSearchesIn: async () => [] },
    waitlisted: { waitlistedSpotsIn: async () => [] },
    towers: fakeTowers(built.towers),
    sectors: { listAll: async () => built.sectors.map((sector) => ({ ...sector })) },
    patterns: built.patterns,
    radioSettings: async () => built.radio.settings,
    clutterAreas: async () => noClutterAreas(),
    calibration: { current: async () => built.calibration.snapshot },
    terrain: built.terrain,
    terrainSignature: built.terrainSignature,
    settings: built.settings,
    clock: built.clock,
    log: built.log,
  });
  return { ...built, service };
}

export function newLeadService(
  deps: {
    transactions?: Transactions;
    searchLogs?: MemorySearchLogs;
    leads?: LeadRepository;
    providers?: LeadProviders;
    coverage?: ReturnType<typeof fakeSearchCoverage>;
    events?: ReturnType<typeof fakeEventSink>;
    mail?: ReturnType<typeof fakeMailQueue>;
    leadsEmail?: string | null;
    clock?: ManualClock;
    log?: FakeLogger;
  } = {},
) {
  const built = {
    transactions: deps.transactions ?? fakeTransactions(),
    searchLogs: deps.searchLogs ?? memorySearchLogs(),
    // Lead storage and providers belong to the specs of leads; search-log specs never reach them.
    leads: deps.leads ?? ({} as LeadRepository),
    providers: deps.providers ?? { find: async () => undefined },
    coverage: deps.coverage ?? fakeSearchCoverage(),
    events: deps.events ?? fakeEventSink(),
    mail: deps.mail ?? fakeMailQueue(),
    leadsEmail: deps.leadsEmail ?? null,
    clock: deps.clock ?? manualClock(),
    log: deps.log ?? fakeLogger(),
    audit: recordingAudit(),
  };
  const service = new LeadService({
    transactions: built.transactions,
    searchLogs: built.searchLogs,
    leads: built.leads,
    providers: built.providers,
    coverage: built.coverage,
    events: built.events,
    mail: built.mail,
    leadsEmail: built.leadsEmail,
    clock: built.clock,
    log: built.log,
    audit: built.audit,
  });
  return { ...built, service };
}

/** The roof CPE of the specs' radio settings when nothing is saved: 23 dBi at 6 m, the environment's defaults. */
export const ROOF_CPE = { gainDbi: 23, heightM: 6 } as const;

export function newRadioSettingsService(
  deps: {
    repo?: MemoryRadioSettings;
    coverage?: ReturnType<typeof fakeCoverageRevision>;
    roof?: { gainDbi: number; heightM: number };
    clock?: ManualClock;
    log?: FakeLogger;
  } = {},
) {
  const built = {
    repo: deps.repo ?? memoryRadioSettings(),
    coverage: deps.coverage ?? fakeCoverageRevision(),
    roof: deps.roof ?? ROOF_CPE,
    clock: deps.clock ?? manualClock(),
    log: deps.log ?? fakeLogger(),
    audit: recordingAudit(),
  };
  const service = new RadioSettingsService({
    repository: built.repo,
    coverage: built.coverage,
    builtRevision: () => built.coverage.revision,
    roof: built.roof,
    clock: built.clock,
    log: built.log,
    audit: built.audit,
  });
  return { ...built, service };
}

export function newSectorService(deps: { towers?: TowerRecord[]; sectors?: MemorySectors; clock?: ManualClock } = {}) {
  const towers = deps.towers ?? [towerRecord({ id: 1 })];
  const built = {
    towers,
    sectors: deps.sectors ?? memorySectors(towers),
    clock: deps.clock ?? manualClock(),
    commits: countingCommits(),
    audit: recordingAudit(),
  };
  return { ...built, service: new SectorService(built.sectors, built.sectors, built.clock, built.commits, built.audit) };
}

export function newAntennaPatternService(deps: { patterns?: MemoryPatterns; clock?: ManualClock } = {}) {
  const built = { patterns: deps.patterns ?? memoryPatterns(), clock: deps.clock ?? manualClock(), audit: recordingAudit() };
  return { ...built, service: new AntennaPatternService(built.patterns, fakeTransactions(), built.clock, built.audit) };
}

/** The secret box of the webhook specs (seals the endpoints' secrets as the server does). */
export const specSecrets = createSecretBox('a-spec-app-secret-of-at-least-32-characters');

/**
 * The webhook delivery worker over a memory queue (one endpoint, id 1, unless `endpoints` are
 * given), a fake sender (200 unless `sender` says), a fake mail queue and a manual clock.
 */
export function newWebhookDelivery(
  deps: {
    endpoints?: MemoryEndpoint[];
    queue?: MemoryWebhookQueue;
    sender?: ReturnType<typeof fakeWebhookSender>;
    retrySeconds?: number[];
    leadsEmail?: string;
    lockRows?: boolean;
    clock?: ManualClock;
  } = {},
) {
  const endpoints = deps.endpoints ?? [
    {
      id: 1,
      url: 'https://crm.example/hooks',
      secret_sealed: specSecrets.seal('whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw'),
      enabled: true,
      disabled_reason: null,
      failing_since: null,
    },
  ];
  const built = {
    queue: deps.queue ?? memoryWebhookQueue(endpoints),
    sender: deps.sender ?? fakeWebhookSender(),
    mail: fakeMailQueue(),
    clock: deps.clock ?? manualClock(),
    log: fakeLogger(),
  };
  const worker = new WebhookDelivery({
    queue: built.queue,
    transactions: fakeTransactions(),
    lockRows: deps.lockRows ?? false,
    sender: built.sender,
    secrets: specSecrets,
    mail: built.mail,
    leadsEmail: deps.leadsEmail,
    publicUrl: 'https://coverage.example',
    retrySeconds: deps.retrySeconds ?? [60, 300, 1800],
    pollMs: 60_000,
    clock: built.clock,
    wallClock: built.clock,
    log: built.log,
  });
  return { ...built, worker };
}

export function newZoneService(deps: { zones?: MemoryZones; clock?: ManualClock } = {}) {
  const built = {
    zones: deps.zones ?? memoryZones(),
    readPolygonFile: vi.fn<ZoneServiceDeps['readPolygonFile']>(),
    clock: deps.clock ?? manualClock(),
    listVersion: new ZoneListVersion(),
    audit: recordingAudit(),
  };
  const service = new ZoneService({
    repository: built.zones,
    transactions: fakeTransactions(),
    readPolygonFile: built.readPolygonFile,
    clock: built.clock,
    listVersion: built.listVersion,
    audit: built.audit,
  });
  return { ...built, service };
}

export function newZoneGoals(deps: { zones?: MemoryZones; leadsEmail?: string; clock?: ManualClock } = {}) {
  const built = {
    zones: deps.zones ?? memoryZones(),
    mail: recordingMailQueue(),
    events: recordingEventSink(),
    clock: deps.clock ?? manualClock(),
    listVersion: new ZoneListVersion(),
  };
  const goals = new ZoneGoals({
    repository: built.zones,
    mail: built.mail,
    events: built.events,
    leadsEmail: deps.leadsEmail,
    clock: built.clock,
    listVersion: built.listVersion,
  });
  return { ...built, goals };
}
