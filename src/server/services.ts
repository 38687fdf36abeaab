import path from 'node:path';
import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { AntennaPatternRepository } from './antenna-patterns/antennaPatternRepository.js';
import { AntennaPatternService } from './antenna-patterns/antennaPatternService.js';
import { AuthRepository } from './auth/authRepository.js';
import { AuditLog } from './audit-log/auditLog.js';
import { AuditLogRepository } from './audit-log/auditLogRepository.js';
import { auditPruneSchedule } from './audit-log/auditPrune.js';
import { AuditTrail } from './audit/auditTrail.js';
import { TeamSettingsRepository } from './team/teamSettingsRepository.js';
import { TeamSettingsService } from './team/teamSettingsService.js';
import { AuthService } from './auth/authService.js';
import { LoginThrottle } from './auth/loginThrottle.js';
import { SessionList } from './auth/sessionList.js';
import { SessionRepository } from './auth/sessionRepository.js';
import { TwoFactorRepository } from './auth/twoFactorRepository.js';
import { TwoFactorService } from './auth/twoFactorService.js';
import { type Clock, systemClock } from './clock.js';
import type { AppConfig } from './config.js';
import { CoverageChanges } from './coverage-revision/coverageChanges.js';
import { CoverageRevisionRepository } from './coverage-revision/coverageRevisionRepository.js';
import { revisionChannelFor } from './coverage-revision/revisionNotifications.js';
import { CoverageEngine } from './coverage/coverageEngine.js';
import { LayerRepository } from './coverage/layerRepository.js';
import { LayerService } from './coverage/layerService.js';
import type { Db } from './db/database.js';
import { transactionsOf } from './db/transactions.js';
import { EmbedSettingsRepository } from './embed/embedSettingsRepository.js';
import { EmbedSettingsService } from './embed/embedSettingsService.js';
import { FootprintRepository } from './footprints/footprintRepository.js';
import { FootprintService } from './footprints/footprintService.js';
import { AddressRepository } from './geocode/addressRepository.js';
import { BuiltInPlaces } from './geocode/builtInPlaces.js';
import { GeocodeService } from './geocode/geocodeService.js';
import { UpstreamGeocoder } from './geocode/upstreamGeocoder.js';
import { LeadRepository } from './leads/leadRepository.js';
import { LeadService } from './leads/leadService.js';
import { createSmtpMailer } from './outbox/mailer.js';
import { SearchLogRepository } from './leads/searchLogRepository.js';
import { LineOfSightService } from './line-of-sight/lineOfSightService.js';
import { MeasurementLinks } from './line-of-sight/measurementLinks.js';
import { PatternCache } from './line-of-sight/patternCache.js';
import { TowerWireless } from './line-of-sight/towerWireless.js';
import { MeasurementRepository } from './measurements/measurementRepository.js';
import { MeasurementService } from './measurements/measurementService.js';
import { MapStartRepository } from './map-start/mapStartRepository.js';
import { MeasurementPredictionRepository } from './measurements/measurementPredictionRepository.js';
import { MeasurementPredictor } from './measurements/measurementPredictor.js';
import { CalibrationFitRepository } from './measurements/calibrationFitRepository.js';
import { fitInWorker } from './measurements/calibrationFitting.js';
import { CalibrationService } from './measurements/calibrationService.js';
import { MapStartService } from './map-start/mapStartService.js';
import { checkOutboundUrl, createOutboundClient } from './outbound/outboundClient.js';
import { legacyLogoFolder, LogoStore } from './providers/logoStore.js';
import { FILE_CACHE_FOLDER, FileCache } from './files/fileCache.js';
import { FileRepository } from './files/fileRepository.js';
import { FileStore } from './files/fileStore.js';
import { ProviderRepository } from './providers/providerRepository.js';
import { ProviderService } from './providers/providerService.js';
import { ClutterAreaRepository } from './clutter/clutterAreaRepository.js';
import { ClutterAreaService } from './clutter/clutterAreaService.js';
import { RadioSettingsRepository } from './radio-settings/radioSettingsRepository.js';
import { RadioSettingsService } from './radio-settings/radioSettingsService.js';
import { ProviderStatsRepository } from './reports/providerStatsRepository.js';
import { ProviderStatsService } from './reports/providerStatsService.js';
import { ReportRepository } from './reports/reportRepository.js';
import { ReportService } from './reports/reportService.js';
import { MyMapsSync } from './sources/myMapsSync.js';
import { ProviderApiTester } from './sources/providerApiTester.js';
import { ProviderCoverageSources } from './sources/providerCoverageSources.js';
import { JobLockRepository } from './system/jobLockRepository.js';
import { EventOutbox } from './outbox/eventOutbox.js';
import { MailOutbox } from './outbox/mailOutbox.js';
import { MailOutboxRepository } from './outbox/mailOutboxRepository.js';
import { MailSender } from './outbox/mailSender.js';
import { outboxPruneSchedule } from './outbox/outboxPrune.js';
import { OutboxRetentionRepository } from './outbox/outboxRetentionRepository.js';
import { WaitlistMatcher } from './waitlist/waitlistMatcher.js';
import { waitlistPurgeSchedule } from './waitlist/waitlistPurge.js';
import { WaitlistRepository } from './waitlist/waitlistRepository.js';
import { WaitlistService } from './waitlist/waitlistService.js';
import type { SecretBox } from './system/secretBox.js';
import { FlatElevationSource } from './terrain/flatElevationSource.js';
import { HgtDirectory } from './terrain/hgtDirectory.js';
import { HgtElevationSource } from './terrain/hgtElevationSource.js';
import { Terrain } from './terrain/terrain.js';
import { terrainSignature } from './terrain/terrainSignature.js';
import { SrtmTiles } from './terrain/srtmTiles.js';
import { TerrainTiles } from './terrain/terrainTiles.js';
import { legacyTileFolder, UploadedTiles } from './terrain/uploadedTiles.js';
import { TerrariumElevationSource } from './terrain/terrariumElevationSource.js';
import { TileMemory } from './terrain/tileMemory.js';
import { SectorRepository } from './towers/sectorRepository.js';
import { SectorService } from './towers/sectorService.js';
import { TowerRepository } from './towers/towerRepository.js';
import { TowerService } from './towers/towerService.js';
import { InvitationRepository } from './users/invitationRepository.js';
import { InvitationService } from './users/invitationService.js';
import { UserRepository } from './users/userRepository.js';
import { UserService } from './users/userService.js';
import { WebhookDelivery } from './webhooks/webhookDelivery.js';
import { WebhookQueueRepository } from './webhooks/webhookQueueRepository.js';
import { WebhookRepository } from './webhooks/webhookRepository.js';
import { outboundWebhookSender } from './webhooks/webhookSender.js';
import { WebhookService } from './webhooks/webhookService.js';
import { readClutterFileInWorker } from './clutter/clutterFileReading.js';
import { ZoneGoals } from './zones/zoneGoals.js';
import { ZoneRepository } from './zones/zoneRepository.js';
import { ZoneListVersion } from './zones/zoneListVersion.js';
import { ZoneService } from './zones/zoneService.js';

export interface ServiceInputs {
  config: AppConfig;
  /** Open and migrated. */
  db: Db;
  /** The app secret (token hashing) and the box that seals secrets at rest with it. */
  secret: string;
  secrets: SecretBox;
  clock: Clock;
  log: FastifyBaseLogger;
  /** Most measurements stored (MeasurementService's maxStored); unset: MEASUREMENT_MAX_STORED. Tests set a small one. */
  maxStoredMeasurements?: number;
}

export type Services = ReturnType<typeof createServices>;

/**
 * Every service of the server, constructed: nothing is read, started or scheduled here (that is
 * startBackground's), so what depends on what can be read top to bottom. Wired bottom-up: the
 * coverage-changed signal first, then the domains that change coverage, then the sources that sit
 * above providers and coverage, then the engine that reads them all, then what reads the engine.
 */
export function createServices({ config, db, secret, secrets, clock, log, maxStoredMeasurements }: ServiceInputs) {
  const outbound = createOutboundClient({ allowPrivate: config.outbound.allowPrivate, userAgent: 'isp-coverage-map/1.0' });
  const transactions = transactionsOf(db.kysely);
  // On PostgreSQL every bump also NOTIFYs this deployment's channel (heard by listenForRevisions).
  const revisions = new CoverageRevisionRepository(db.kysely, revisionChannelFor(config.database));
  const coverageChanges = new CoverageChanges(transactions, revisions, log);
  // The outboxes: what a change owes the outside world (webhook events, e-mails), written in its transaction.
  const events = new EventOutbox(clock);
  const mailOutbox = new MailOutbox(clock);
  const audit = new AuditTrail(clock);
  const authRepo = new AuthRepository(db.kysely);
  const twoFactorRepo = new TwoFactorRepository(db.kysely);
  // The issuer an authenticator app lists the account under (the site has no configured name yet).
  const throttle = new LoginThrottle(authRepo, clock);
  const twoFactor = new TwoFactorService({
    repo: twoFactorRepo,
    users: authRepo,
    throttle,
    transactions,
    audit,
    secrets,
    secret,
    clock,
    issuer: 'Coverage Map',
  });
  const auth = new AuthService({
    repo: authRepo,
    throttle,
    twoFactor,
    challenges: twoFactorRepo,
    transactions,
    audit,
    secret,
    tokenTtlHours: config.tokenTtlHours,
    clock,
  });
  const sessions = new SessionList(new SessionRepository(db.kysely), transactions, audit, clock);
  // The team (issue 22): an owner's users and invitations; an invitation is e-mailed only when SMTP is set.
  const userRepo = new UserRepository(db.kysely, db.dialect);
  const users = new UserService({ users: userRepo, transactions, audit, clock });
  const invitations = new InvitationService({
    invitations: new InvitationRepository(db.kysely),
    users: userRepo,
    transactions,
    audit,
    mail: config.mail.smtpUrl ? mailOutbox : null,
    secret,
    publicUrl: config.publicUrlConfigured ? config.publicUrl : null,
    clock,
  });

  // Logos and uploaded terrain tiles: in the database, shared by every server, read through this server's disk cache.
  const files = new FileStore(new FileRepository(db.kysely), new FileCache(path.join(config.dataDir, FILE_CACHE_FOLDER)), clock);
  const logos = new LogoStore(files);
  const providerRepo = new ProviderRepository(db.kysely, db.dialect);
  const providers = new ProviderService({ repository: providerRepo, logos, secrets, clock, coverage: coverageChanges, transactions, audit });
  const coverageProviders = new ProviderCoverageSources(providers, outbound, config.providerApiTimeoutMs, log);
  const layerRepo = new LayerRepository(db.kysely);
  const layers = new LayerService(layerRepo, coverageProviders, clock, coverageChanges, audit);
  // Towers feed the wireless answer of every coverage check: their writes move the coverage revision too.
  const towerRepo = new TowerRepository(db.kysely);
  const sectorRepo = new SectorRepository(db.kysely);
  const towers = new TowerService(towerRepo, clock, coverageChanges, sectorRepo, audit);
  const sectors = new SectorService(sectorRepo, towerRepo, clock, coverageChanges, audit);
  const patternRepo = new AntennaPatternRepository(db.kysely);
  const antennaPatterns = new AntennaPatternService(patternRepo, transactions, clock, audit);

  const tileMemory = new TileMemory(config.terrain.memoryBytes);
  // SRTM tiles: those uploaded (in the database, listed again for each coverage revision) over the operator's TERRAIN_DIR.
  const uploadedTiles = new UploadedTiles(files, tileMemory, (): number | null => coverage.revision);
  const srtmTiles = new SrtmTiles(uploadedTiles, new HgtDirectory(config.terrain.dir, tileMemory));
  const tilesUrl = config.terrain.tilesUrl;
  // Elevation sources in the order they are asked: SRTM tiles, Terrarium tiles (when configured), flat ground.
  const terrain = new Terrain([
    new HgtElevationSource(srtmTiles),
    ...(tilesUrl ? [new TerrariumElevationSource({ urlTemplate: tilesUrl, cacheDir: config.terrain.cacheDir, outbound, memory: tileMemory, log })] : []),
    new FlatElevationSource(),
  ]);
  const terrainTiles = new TerrainTiles({ tiles: srtmTiles, uploaded: uploadedTiles, staging: files, coverage: coverageChanges, audit });
  // Read once per coverage revision the engine answers from (a save moves it, and every process
  // rebuilds, then reads them again); declared before the engine, which it asks only when read.
  const radioSettings = new RadioSettingsService({
    repository: new RadioSettingsRepository(db.kysely),
    coverage: coverageChanges,
    builtRevision: (): number | null => coverage.revision,
    roof: { gainDbi: config.radio.cpeDbi, heightM: config.footprints.receiverM },
    clock,
    log,
    audit,
  });
  // The clutter areas: read once per coverage revision too (an upload or delete moves it).
  const clutterAreas = new ClutterAreaService({
    repository: new ClutterAreaRepository(db.kysely),
    coverage: coverageChanges,
    builtRevision: (): number | null => coverage.revision,
    clock,
    log,
    audit,
  });
  const patternCache = new PatternCache(patternRepo);
  // Every measurement's prediction, the line-of-sight link at its spot (uncalibrated), kept current in the background.
  const predictionRepo = new MeasurementPredictionRepository(db.kysely);
  const measurementPredictor = new MeasurementPredictor({
    repository: predictionRepo,
    links: new MeasurementLinks({
      towers: towerRepo,
      sectors: sectorRepo,
      patterns: patternCache,
      terrain,
      terrainSignature: (bounds) => terrainSignature(srtmTiles, tilesUrl ?? null, bounds),
      settings: radioSettings,
      clutter: clutterAreas,
      towerDbi: config.radio.towerDbi,
    }),
    transactions,
    // A pass the database broke off is tried again as often as the coverage revision is polled.
    retryMs: config.coveragePollMs,
    clock,
    log,
  });
  // The calibration to the measurements: fitted in a worker once the predictions are complete, read once per revision.
  const calibration = new CalibrationService({
    predictions: predictionRepo,
    fits: new CalibrationFitRepository(db.kysely),
    predictor: measurementPredictor,
    settings: radioSettings,
    coverage: coverageChanges,
    builtRevision: (): number | null => coverage.revision,
    locks: new JobLockRepository(db.kysely, randomUUID()),
    fit: (samples, options) => fitInWorker(samples, options),
    towers: towerRepo,
    sectors: sectorRepo,
    clock,
    log,
  });
  // Every link: the towers, their sectors and patterns, the terrain, the radio settings' model, clutter and CPE gain, and the clutter areas.
  const lineOfSight = new LineOfSightService({
    towers: towerRepo,
    sectors: sectorRepo,
    patterns: patternCache,
    terrain,
    settings: radioSettings,
    clutter: clutterAreas,
    calibration,
    radio: config.radio,
  });
  const waitlistRepo = new WaitlistRepository(db.kysely);
  const footprints = new FootprintService({
    repository: new FootprintRepository(db.kysely),
    searches: new SearchLogRepository(db.kysely),
    waitlisted: waitlistRepo,
    towers: towerRepo,
    sectors: sectorRepo,
    patterns: patternRepo,
    radioSettings: () => radioSettings.current(),
    clutterAreas: () => clutterAreas.current(),
    calibration,
    terrain,
    terrainSignature: (bounds) => terrainSignature(srtmTiles, tilesUrl ?? null, bounds),
    settings: { maxCells: config.footprints.maxCells, towerDbi: config.radio.towerDbi, memoryBytes: config.footprints.memoryBytes },
    clock,
    log,
  });
  const coverage = new CoverageEngine({
    revisions,
    layers: layerRepo,
    providers: coverageProviders,
    wireless: new TowerWireless(towerRepo, sectorRepo, lineOfSight, footprints),
    pollMs: config.coveragePollMs,
    log,
  });
  coverageChanges.listen(() => coverage.refresh());

  const myMaps = new MyMapsSync({
    providers,
    layers,
    outbound,
    locks: new JobLockRepository(db.kysely, randomUUID()),
    options: config.myMaps,
    clock,
    log,
  });
  const apiTester = new ProviderApiTester(providers, outbound);
  const geocoderUrl = config.geocoder.url;
  const places = new BuiltInPlaces(config.geocoder.country);
  const geocode = new GeocodeService({
    addresses: new AddressRepository(db.kysely),
    places,
    upstream: geocoderUrl ? new UpstreamGeocoder(outbound, { ...config.geocoder, url: geocoderUrl }, clock) : null,
    clock,
    log,
    transactions,
    audit,
  });
  const embed = new EmbedSettingsService(new EmbedSettingsRepository(db.kysely), clock, log, transactions, audit);
  const mapStart = new MapStartService({
    repository: new MapStartRepository(db.kysely),
    layerBoxes: () => coverage.layerBoxes(),
    activeTowers: () => towerRepo.listActive(),
    footprints,
    clock,
    log,
    transactions,
    audit,
  });
  const providerStats = new ProviderStatsService(new ProviderStatsRepository(db.kysely));
  const reports = new ReportService(new ReportRepository(db.kysely, db.dialect), clock, config.reportsTimeZone, places);
  const leads = new LeadService({
    transactions,
    searchLogs: new SearchLogRepository(db.kysely),
    leads: new LeadRepository(db.kysely),
    providers: providerRepo,
    coverage,
    events,
    mail: mailOutbox,
    leadsEmail: config.mail.leadsEmail ?? null,
    clock,
    log,
    audit,
  });
  // Measured signals (issue 21): imports, the list and map, an inbox lead's install (its status through LeadService).
  const measurements = new MeasurementService({
    repository: new MeasurementRepository(db.kysely, db.dialect),
    transactions,
    towers: towerRepo,
    sectors: sectorRepo,
    radioSettings,
    // calibrated_dbm: the calibration's correction added (null when calibration is off or nothing is fitted).
    corrections: { current: () => calibration.corrections() },
    leads,
    clock,
    log,
    audit,
    maxStored: maxStoredMeasurements,
  });
  // Pre-registration zones; zoneGoals is the waitlist's view of them (a zone to join, the goal check on each confirmation).
  const zoneRepo = new ZoneRepository(db.kysely, db.dialect);
  // Moved by every zone write and confirmation here: GET /api/zones keeps its built answer while it stands still.
  const zoneListVersion = new ZoneListVersion();
  const zones = new ZoneService({ repository: zoneRepo, transactions, readPolygonFile: readClutterFileInWorker, clock, listVersion: zoneListVersion, audit });
  const zoneGoals = new ZoneGoals({ repository: zoneRepo, mail: mailOutbox, events, leadsEmail: config.mail.leadsEmail, clock, listVersion: zoneListVersion });
  // Webhooks: the endpoints (URLs through the SSRF guard, secrets sealed) and the delivery worker.
  const webhooks = new WebhookService({
    repository: new WebhookRepository(db.kysely, db.dialect),
    transactions,
    secrets,
    checkUrl: (url) => checkOutboundUrl(url, { allowPrivate: config.outbound.allowPrivate }),
    clock,
    publicUrl: config.publicUrl,
    audit,
  });
  const webhookDelivery = new WebhookDelivery({
    queue: new WebhookQueueRepository(db.kysely),
    transactions,
    // Several processes may share a PostgreSQL database; a SQLite file has one process.
    lockRows: db.dialect === 'postgres',
    sender: outboundWebhookSender(outbound),
    secrets,
    mail: mailOutbox,
    leadsEmail: config.mail.leadsEmail,
    publicUrl: config.publicUrl,
    retrySeconds: config.outbox.webhookRetrySeconds,
    pollMs: config.outbox.pollMs,
    clock,
    wallClock: systemClock,
    log,
  });
  // The one sender of the mail outbox (it closes the SMTP pool when it stops).
  const mailSender = new MailSender({
    repository: new MailOutboxRepository(db.kysely, transactions, db.dialect),
    mailer: config.mail.smtpUrl ? createSmtpMailer(config.mail.smtpUrl, config.mail.from) : null,
    messageIdHost: new URL(config.publicUrl).hostname,
    pollMs: config.outbox.pollMs,
    clock,
    log,
  });
  // A pre-registration names a zone: zoneGoals answers the waitlist's WaitlistZones.
  const waitlist = new WaitlistService({
    repository: waitlistRepo,
    providers: providerRepo,
    zones: zoneGoals,
    transactions,
    mail: mailOutbox,
    events,
    publicUrl: config.publicUrl,
    secret,
    clock,
    log,
    audit,
  });
  const waitlistMatcher = new WaitlistMatcher({
    repository: waitlistRepo,
    coverage,
    towers: towerRepo,
    footprints,
    wirelessRule: () => lineOfSight.defaultProfileRule(),
    transactions,
    mail: mailOutbox,
    events,
    unsubscribeUrlOf: (dedupeKey) => waitlist.unsubscribeUrlOf(dedupeKey),
    publicUrl: config.publicUrl,
    clock,
    log,
  });
  const waitlistPurge = waitlistPurgeSchedule({ waitlist, locks: new JobLockRepository(db.kysely, randomUUID()), clock, log });
  // The owner's team settings (2FA roles, audit retention); the audit log's reads and its hourly prune by that retention and the failed sign-ins' cap.
  const teamSettings = new TeamSettingsService({ repository: new TeamSettingsRepository(db.kysely), transactions, audit, clock });
  const auditLog = new AuditLog({
    repository: new AuditLogRepository(db.kysely),
    retention: teamSettings,
    failedSignInsMax: config.audit.failedSignInsMax,
    clock,
  });
  const auditPrune = auditPruneSchedule({ auditLog, locks: new JobLockRepository(db.kysely, randomUUID()), clock, log });
  // The outboxes' hourly prune: mails sent or given up, webhook deliveries finished, past 30 days.
  const outboxPrune = outboxPruneSchedule({
    repository: new OutboxRetentionRepository(db.kysely, transactions, db.dialect),
    locks: new JobLockRepository(db.kysely, randomUUID()),
    clock,
    log,
  });
  return {
    db,
    events,
    mailOutbox,
    audit,
    auditLog,
    auditPrune,
    outboxPrune,
    teamSettings,
    webhooks,
    webhookDelivery,
    mailSender,
    waitlist,
    waitlistMatcher,
    waitlistPurge,
    auth,
    files,
    // Where earlier versions kept logos and uploaded tiles on disk: app.ts moves them into the database at start.
    legacyFolders: [
      legacyLogoFolder(config.dataDir, files),
      ...(config.terrain.legacyUploadsDir ? [legacyTileFolder(config.terrain.legacyUploadsDir, files, coverageChanges)] : []),
    ],
    twoFactor,
    sessions,
    users,
    invitations,
    logos,
    providers,
    layers,
    towers,
    sectors,
    antennaPatterns,
    terrainTiles,
    uploadedTiles,
    lineOfSight,
    footprints,
    measurementPredictor,
    calibration,
    coverage,
    myMaps,
    apiTester,
    geocode,
    embed,
    mapStart,
    radioSettings,
    clutterAreas,
    providerStats,
    reports,
    leads,
    measurements,
    zones,
    zoneGoals,
    zoneListVersion,
  };
}
