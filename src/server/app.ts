import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { randomUUID } from 'node:crypto';
import multipart from '@fastify/multipart';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance } from 'fastify';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { AuthRepository } from './auth/authRepository.js';
import { authRoutes } from './auth/authRoutes.js';
import { AuthService } from './auth/authService.js';
import { generatePassword } from './auth/passwords.js';
import { type Clock, systemClock } from './clock.js';
import type { PublicConfig } from '../common/api/publicConfig.js';
import type { AppConfig } from './config.js';
import { CoverageChanges } from './coverage-revision/coverageChanges.js';
import { CoverageRevisionRepository } from './coverage-revision/coverageRevisionRepository.js';
import { listenForRevisions, revisionChannelFor } from './coverage-revision/revisionNotifications.js';
import { CoverageEngine } from './coverage/coverageEngine.js';
import { coverageRoutes } from './coverage/coverageRoutes.js';
import { LayerRepository } from './coverage/layerRepository.js';
import { layerRoutes } from './coverage/layerRoutes.js';
import { LayerService } from './coverage/layerService.js';
import { type Db, openDatabase } from './db/database.js';
import { transactionsOf } from './db/transactions.js';
import { EmbedSettingsRepository } from './embed/embedSettingsRepository.js';
import { embedSettingsRoutes } from './embed/embedSettingsRoutes.js';
import { EmbedSettingsService } from './embed/embedSettingsService.js';
import { AddressRepository } from './geocode/addressRepository.js';
import { BuiltInPlaces } from './geocode/builtInPlaces.js';
import { geocodeRoutes } from './geocode/geocodeRoutes.js';
import { GeocodeService } from './geocode/geocodeService.js';
import { UpstreamGeocoder } from './geocode/upstreamGeocoder.js';
import { answerFrameworkError, registerErrorHandler } from './http/errorHandler.js';
import { registerRateLimits } from './http/rateLimits.js';
import { originsOf, registerSecurityHeaders } from './http/securityHeaders.js';
import { registerWebApp } from './http/webApp.js';
import { LeadNotifier } from './leads/leadNotifier.js';
import { LeadRepository } from './leads/leadRepository.js';
import { leadRoutes } from './leads/leadRoutes.js';
import { LeadService } from './leads/leadService.js';
import { createSmtpMailer } from './leads/mailer.js';
import { SearchLogRepository } from './leads/searchLogRepository.js';
import { createOutboundClient } from './outbound/outboundClient.js';
import { LogoStore } from './providers/logoStore.js';
import { ProviderRepository } from './providers/providerRepository.js';
import { providerRoutes } from './providers/providerRoutes.js';
import { ProviderService } from './providers/providerService.js';
import { ProviderStatsRepository } from './reports/providerStatsRepository.js';
import { ProviderStatsService } from './reports/providerStatsService.js';
import { ReportRepository } from './reports/reportRepository.js';
import { reportRoutes } from './reports/reportRoutes.js';
import { ReportService } from './reports/reportService.js';
import { MyMapsSync } from './sources/myMapsSync.js';
import { ProviderApiTester } from './sources/providerApiTester.js';
import { ProviderCoverageSources } from './sources/providerCoverageSources.js';
import { sourceRoutes } from './sources/sourceRoutes.js';
import { resolveAppSecret } from './system/appSecret.js';
import { JobLockRepository } from './system/jobLockRepository.js';
import { createSecretBox } from './system/secretBox.js';
import { systemRoutes } from './system/systemRoutes.js';
import { LineOfSightService } from './line-of-sight/lineOfSightService.js';
import { lineOfSightRoutes } from './line-of-sight/lineOfSightRoutes.js';
import { TowerWireless } from './line-of-sight/towerWireless.js';
import { FootprintRepository } from './footprints/footprintRepository.js';
import { footprintRoutes } from './footprints/footprintRoutes.js';
import { FootprintService } from './footprints/footprintService.js';
import { terrainSignature } from './terrain/terrainSignature.js';
import { HgtDirectory } from './terrain/hgtDirectory.js';
import { Terrain } from './terrain/terrain.js';
import { TerrainTiles } from './terrain/terrainTiles.js';
import { terrainRoutes } from './terrain/terrainRoutes.js';
import { FlatElevationSource } from './terrain/flatElevationSource.js';
import { HgtElevationSource } from './terrain/hgtElevationSource.js';
import { TerrariumElevationSource } from './terrain/terrariumElevationSource.js';
import { TileMemory } from './terrain/tileMemory.js';
import { TowerRepository } from './towers/towerRepository.js';
import { towerRoutes } from './towers/towerRoutes.js';
import { TowerService } from './towers/towerService.js';

/** JSON bodies above this are refused with 413; file uploads get their own, larger limits. */
const JSON_BODY_LIMIT_BYTES = 1024 * 1024;

/** The project's dist/web: the nearest folder above this module (source or build) with a package.json. */
function defaultWebRoot(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  while (!fs.existsSync(path.join(dir, 'package.json')) && path.dirname(dir) !== dir) dir = path.dirname(dir);
  return path.join(dir, 'dist', 'web');
}

function trustNearest(hops: number): (address: string, hop: number) => boolean {
  return (_address, hop) => hop < hops;
}

export interface AppDependencies {
  clock?: Clock;
  /** Where the built web app is; defaults to the project's dist/web. */
  webRoot?: string;
  /** Told the generated password of a first admin nobody configured; default prints it once to stdout. */
  announceGeneratedPassword?: (username: string, password: string) => void;
}

export interface App {
  server: FastifyInstance;
  db: Db;
  config: AppConfig;
  coverage: CoverageEngine;
  myMaps: MyMapsSync;
}

/** The line-of-sight map styles as the browser gets them (GET /api/config). */
function publicLosMap(map: AppConfig['losMap']): PublicConfig['losMap'] {
  return {
    terrain: { tiles: map.terrain, attribution: map.terrainAttribution },
    satellite: { tiles: map.satellite, attribution: map.satelliteAttribution },
    labels: { tiles: map.labels, attribution: '' },
  };
}

function printGeneratedPassword(username: string, password: string): void {
  const line = '='.repeat(72);
  process.stdout.write(
    `\n${line}\nFirst admin created. Sign in at /admin/login with\n  username: ${username}\n  password: ${password}\n` +
      `This password is shown only once: change it under Settings.\n${line}\n\n`,
  );
}

/** Builds the whole server: database (migrated), first admin, routes, web app. Not yet listening. */
export async function buildApp(config: AppConfig, deps: AppDependencies = {}): Promise<App> {
  const clock = deps.clock ?? systemClock;
  const server = Fastify({
    logger: {
      level: config.logLevel,
      redact: ['req.headers.authorization', 'req.headers.cookie'],
      // Query strings hold what visitors type (home addresses in /api/search_addresses): log paths only.
      serializers: {
        req: (req) => ({ method: req.method, url: req.url.split('?')[0], hostname: req.hostname, remoteAddress: req.ip }),
      },
    },
    bodyLimit: JSON_BODY_LIMIT_BYTES,
    // A URL that does not decode or an over-long path parameter: 4xx in the envelope, like any error.
    frameworkErrors: answerFrameworkError,
    // A hop count becomes Fastify's function form: trust the nearest `hops` proxies.
    trustProxy: typeof config.trustProxy === 'number' ? trustNearest(config.trustProxy) : config.trustProxy,
  });
  server.setValidatorCompiler(validatorCompiler);
  server.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(server);

  const db = await openDatabase(config.database, server.log);

  const secret = resolveAppSecret(config.appSecret, config.dataDir);
  const auth = new AuthService(new AuthRepository(db.kysely), { secret, tokenTtlHours: config.tokenTtlHours, clock });
  const generated = config.admin.password ? undefined : generatePassword();
  const created = await auth.ensureFirstAdmin(config.admin.username, config.admin.password ?? generated!).catch(async (error: unknown) => {
    await db.close();
    throw error;
  });
  if (created) {
    if (generated) (deps.announceGeneratedPassword ?? printGeneratedPassword)(config.admin.username, generated);
    else server.log.info({ username: config.admin.username }, 'first admin created from ADMIN_USERNAME/ADMIN_PASSWORD');
  }

  const outbound = createOutboundClient({ allowPrivate: config.outbound.allowPrivate, userAgent: 'isp-coverage-map/1.0' });
  const transactions = transactionsOf(db.kysely);
  // Wired bottom-up: the coverage-changed signal first, then the domains that change coverage,
  // then the sources that sit above providers and coverage, then the engine that reads them all.
  // On PostgreSQL every bump also NOTIFYs this deployment's channel (heard by listenForRevisions below).
  const revisions = new CoverageRevisionRepository(db.kysely, revisionChannelFor(config.database));
  const coverageChanges = new CoverageChanges(transactions, revisions, server.log);
  const logos = new LogoStore(config.dataDir);
  const providerRepo = new ProviderRepository(db.kysely);
  const providers = new ProviderService(providerRepo, logos, createSecretBox(secret), clock, coverageChanges);
  await providers.sealClearHeaders();
  const coverageProviders = new ProviderCoverageSources(providers, outbound, config.providerApiTimeoutMs, server.log);
  const layerRepo = new LayerRepository(db.kysely);
  const layers = new LayerService(layerRepo, coverageProviders, clock, coverageChanges);
  // Towers feed the wireless answer of every coverage check: their writes move the coverage revision too.
  const towerRepo = new TowerRepository(db.kysely);
  const towers = new TowerService(towerRepo, clock, coverageChanges);
  const tileMemory = new TileMemory(config.terrain.memoryBytes);
  const hgtDirectory = new HgtDirectory(config.terrain.dir, tileMemory);
  // Elevation sources in the order they are asked: SRTM tiles, Terrarium tiles (when configured), flat ground.
  const terrain = new Terrain([
    new HgtElevationSource(hgtDirectory),
    ...(config.terrain.tilesUrl ? [new TerrariumElevationSource(config.terrain.tilesUrl, config.terrain.cacheDir, outbound, tileMemory, server.log)] : []),
    new FlatElevationSource(),
  ]);
  const terrainTiles = new TerrainTiles(hgtDirectory, coverageChanges);
  const lineOfSight = new LineOfSightService(towerRepo, terrain, config.radio);
  const footprints = new FootprintService(
    new FootprintRepository(db.kysely),
    new SearchLogRepository(db.kysely),
    towerRepo,
    terrain,
    (bounds) => terrainSignature(hgtDirectory, config.terrain.tilesUrl ?? null, bounds),
    { ...config.footprints, towerDbi: config.radio.towerDbi, cpeDbi: config.radio.cpeDbi },
    clock,
    server.log,
  );
  const coverage = new CoverageEngine({
    revisions,
    layers: layerRepo,
    providers: coverageProviders,
    wireless: new TowerWireless(towerRepo, lineOfSight, footprints, config.footprints.receiverM),
    pollMs: config.coveragePollMs,
    log: server.log,
  });
  coverageChanges.listen(() => coverage.refresh());
  const myMaps = new MyMapsSync(providers, layers, outbound, new JobLockRepository(db.kysely, randomUUID()), config.myMaps, clock, server.log);
  const apiTester = new ProviderApiTester(providers, outbound);
  const providerStats = new ProviderStatsService(new ProviderStatsRepository(db.kysely));
  const geocoderUrl = config.geocoder.url;
  const geocode = new GeocodeService(
    new AddressRepository(db.kysely),
    new BuiltInPlaces(config.geocoder.country),
    geocoderUrl ? new UpstreamGeocoder(outbound, { ...config.geocoder, url: geocoderUrl }, clock) : null,
    clock,
    server.log,
  );
  const embed = new EmbedSettingsService(new EmbedSettingsRepository(db.kysely), clock, server.log);
  const notifier = config.mail.smtpUrl
    ? new LeadNotifier(createSmtpMailer(config.mail.smtpUrl, config.mail.from), config.mail.leadsEmail, server.log)
    : null;
  const reports = new ReportService(new ReportRepository(db.kysely, db.dialect), clock, config.reportsTimeZone);
  const leads = new LeadService(transactions, new SearchLogRepository(db.kysely), new LeadRepository(db.kysely), providerRepo, coverage, notifier, clock, server.log);
  await coverage.start();
  // Other processes' changes arrive at once by LISTEN/NOTIFY on PostgreSQL; the engine's poll stays as the fallback.
  const revisionNotifications = await listenForRevisions(config.database, () => coverage.refresh(), server.log);
  myMaps.startSchedule();
  server.addHook('onClose', async () => {
    await revisionNotifications.close();
    coverage.stop();
    await footprints.stop();
    myMaps.stopSchedule();
    await notifier?.close();
    await db.close();
  });

  const { terrain: losTerrain, satellite: losSatellite, labels: losLabels } = config.losMap;
  await registerSecurityHeaders(server, originsOf([...config.basemap.tiles, ...losTerrain, ...losSatellite, ...losLabels]));
  await server.register(multipart);
  await server.register(swagger, {
    openapi: {
      info: { title: 'ISP coverage map API', version: '1.0.0' },
      components: { securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer' } } },
    },
    transform: jsonSchemaTransform,
  });
  await server.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });

  await server.register(
    async (api) => {
      await registerRateLimits(api, config.redis);
      await api.register(systemRoutes(db, { basemap: config.basemap, losMap: publicLosMap(config.losMap) }));
      await api.register(authRoutes(auth));
      await api.register(providerRoutes({ auth, providers, logos }));
      await api.register(sourceRoutes({ auth, myMaps, apiTester }));
      await api.register(reportRoutes({ auth, stats: providerStats, reports, leads }));
      await api.register(layerRoutes({ auth, layers }));
      await api.register(footprintRoutes({ auth, footprints }));
      await api.register(towerRoutes({ auth, towers }));
      await api.register(lineOfSightRoutes({ auth, lineOfSight, searchesPerMinute: config.rateLimits.searchesPerMinute }));
      await api.register(terrainRoutes({ auth, tiles: terrainTiles }));
      await api.register(coverageRoutes(coverage));
      await api.register(geocodeRoutes({ auth, geocode, searchesPerMinute: config.rateLimits.searchesPerMinute }));
      await api.register(embedSettingsRoutes({ auth, embed }));
      await api.register(leadRoutes(leads, config.rateLimits));
    },
    { prefix: '/api' },
  );
  await registerWebApp(server, deps.webRoot ?? defaultWebRoot(), () => embed.frameAncestors());
  return { server, db, config, coverage, myMaps };
}
