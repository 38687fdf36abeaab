import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import multipart from '@fastify/multipart';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance } from 'fastify';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { BrowserMapConfig } from '../common/api/publicConfig.js';
import { type AnnouncePassword, ensureFirstAdmin } from './auth/firstAdmin.js';
import { type Stopper, startBackground, stopInReverse } from './background.js';
import { moveLegacyFilesIntoDatabase } from './files/legacyFileImport.js';
import { type Clock, systemClock } from './clock.js';
import type { AppConfig } from './config.js';
import { listenForRevisions } from './coverage-revision/revisionNotifications.js';
import type { CoverageEngine } from './coverage/coverageEngine.js';
import { type Db, openDatabase } from './db/database.js';
import { answerFrameworkError, registerErrorHandler } from './http/errorHandler.js';
import { registerRateLimits } from './http/rateLimits.js';
import { originsOf, registerSecurityHeaders } from './http/securityHeaders.js';
import { registerWebApp } from './http/webApp.js';
import type { RadioSettingsService } from './radio-settings/radioSettingsService.js';
import { createServices, type Services } from './services.js';
import type { MyMapsSync } from './sources/myMapsSync.js';
import { addressRoutes } from './routes/addressRoutes.js';
import { adminScope } from './routes/adminScope.js';
import { auditRoutes } from './routes/auditRoutes.js';
import { antennaPatternRoutes } from './routes/antennaPatternRoutes.js';
import { clutterAreaRoutes } from './routes/clutterAreaRoutes.js';
import { apiTestRoutes } from './routes/apiTestRoutes.js';
import { authRoutes, loginRoutes } from './routes/authRoutes.js';
import { sessionRoutes } from './routes/sessionRoutes.js';
import { twoFactorRoutes } from './routes/twoFactorRoutes.js';
import { coverageRoutes } from './routes/coverageRoutes.js';
import { embedSettingsRoutes } from './routes/embedSettingsRoutes.js';
import { teamSettingsRoutes } from './routes/teamSettingsRoutes.js';
import { geocodeRoutes } from './routes/geocodeRoutes.js';
import { layerRoutes } from './routes/layerRoutes.js';
import type { WaitlistMatcher } from './waitlist/waitlistMatcher.js';
import { waitlistAdminRoutes, waitlistPublicRoutes } from './routes/waitlistRoutes.js';
import { leadRoutes } from './routes/leadRoutes.js';
import { lineOfSightRoutes } from './routes/lineOfSightRoutes.js';
import { mapStartRoutes } from './routes/mapStartRoutes.js';
import { measurementRoutes } from './routes/measurementRoutes.js';
import { providerLogoRoutes, providerRoutes } from './routes/providerRoutes.js';
import { radioSettingsRoutes } from './routes/radioSettingsRoutes.js';
import { reportRoutes } from './routes/reportRoutes.js';
import { systemRoutes } from './routes/systemRoutes.js';
import { terrainRoutes } from './routes/terrainRoutes.js';
import { towerRoutes } from './routes/towerRoutes.js';
import { invitationAcceptRoutes, userRoutes } from './routes/userRoutes.js';
import { webhookRoutes } from './routes/webhookRoutes.js';
import { wirelessRoutes } from './routes/wirelessRoutes.js';
import { publicZoneRoutes, zoneRoutes } from './routes/zoneRoutes.js';
import { resolveAppSecret } from './system/appSecret.js';
import { createSecretBox } from './system/secretBox.js';

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
  announceGeneratedPassword?: AnnouncePassword;
  /** Most measurements stored; unset: MEASUREMENT_MAX_STORED (tests set a small one to reach it quickly). */
  maxStoredMeasurements?: number;
}

export interface App {
  server: FastifyInstance;
  db: Db;
  config: AppConfig;
  coverage: CoverageEngine;
  myMaps: MyMapsSync;
  radioSettings: RadioSettingsService;
  /** The webhooks' outbox (tests write events through it) and delivery worker. */
  events: Services['events'];
  webhookDelivery: Services['webhookDelivery'];
  /** Tests await its idle() after a rebuild. */
  waitlistMatcher: WaitlistMatcher;
  /** Tests ask it for a pass after writing measurements themselves. */
  measurementPredictor: Services['measurementPredictor'];
  /** Tests listen to its onChanged. */
  measurements: Services['measurements'];
  /** Tests run a prune of the audit log at a time they choose. */
  auditPrune: Services['auditPrune'];
  /** Tests run a prune of the outboxes at a time they choose. */
  outboxPrune: Services['outboxPrune'];
}

/** The line-of-sight map styles as the browser gets them (GET /api/config). */
function publicLosMap(map: AppConfig['losMap']): BrowserMapConfig['losMap'] {
  return {
    terrain: { tiles: map.terrain, attribution: map.terrainAttribution },
    satellite: { tiles: map.satellite, attribution: map.satelliteAttribution },
    labels: { tiles: map.labels, attribution: '' },
  };
}

/**
 * Builds the whole server: database (migrated), services, first admin, background work, routes,
 * web app. Not yet listening; closing the server stops the background work, then closes the rest.
 */
export async function buildApp(config: AppConfig, deps: AppDependencies = {}): Promise<App> {
  const server = createServer(config);
  const secret = resolveAppSecret(config.appSecret, config.dataDir);
  const secrets = createSecretBox(secret);
  // The migrations get the app secret's seal: 0010 seals API headers stored in clear by old versions.
  const db = await openDatabase(config.database, server.log, { seal: (plain) => secrets.seal(plain) });
  const services = createServices({
    config,
    db,
    secret,
    secrets,
    clock: deps.clock ?? systemClock,
    log: server.log,
    maxStoredMeasurements: deps.maxStoredMeasurements,
  });
  // Stopped last first: the background work (the mail sender's stopper closes the SMTP pool), then the database.
  const stoppers: Stopper[] = [() => db.close()];
  try {
    await ensureFirstAdmin(services.auth, config.admin, server.log, deps.announceGeneratedPassword);
    // Logos and uploaded terrain tiles an earlier version kept in DATA_DIR move into the database (idempotent).
    await moveLegacyFilesIntoDatabase(services.legacyFolders, services.files, server.log);
    const listen = (onRevision: () => Promise<void>) => listenForRevisions(config.database, onRevision, server.log);
    stoppers.push(...(await startBackground({ ...services, listenForRevisions: listen, log: server.log })));
    server.addHook('onClose', () => stopInReverse(stoppers));
    await registerPlugins(server, config);
    await registerRoutes(server, services, config);
    await registerWebApp(server, deps.webRoot ?? defaultWebRoot(), () => services.embed.frameAncestors());
  } catch (error) {
    await stopInReverse(stoppers);
    throw error;
  }
  return {
    server,
    db,
    config,
    coverage: services.coverage,
    myMaps: services.myMaps,
    radioSettings: services.radioSettings,
    auditPrune: services.auditPrune,
    outboxPrune: services.outboxPrune,
    events: services.events,
    webhookDelivery: services.webhookDelivery,
    waitlistMatcher: services.waitlistMatcher,
    measurementPredictor: services.measurementPredictor,
    measurements: services.measurements,
  };
}

/** Fastify with the logger, body limit, proxy trust, zod schemas and the error envelope; no routes yet. */
function createServer(config: AppConfig): FastifyInstance {
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
  return server;
}

/** Security headers, multipart bodies and the OpenAPI document with its UI (/api/docs). */
async function registerPlugins(server: FastifyInstance, config: AppConfig): Promise<void> {
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
}

/** The JSON API under /api, rate limits first, one route module per domain. */
async function registerRoutes(server: FastifyInstance, services: Services, config: AppConfig): Promise<void> {
  const {
    auth,
    providers,
    logos,
    myMaps,
    apiTester,
    providerStats,
    reports,
    leads,
    measurements,
    layers,
    footprints,
    towers,
    sectors,
    antennaPatterns,
    lineOfSight,
    terrainTiles,
    coverage,
    geocode,
    embed,
    mapStart,
    radioSettings,
    clutterAreas,
    zones,
  } = services;
  await server.register(
    async (api) => {
      await registerRateLimits(api, config.redis);
      // Public routes: the exceptions, each answering without a token (test/publicRoutes.test.ts lists them).
      await api.register(systemRoutes(services.db, { basemap: config.basemap, losMap: publicLosMap(config.losMap) }, () => mapStart.startView()));
      await api.register(loginRoutes(auth));
      await api.register(invitationAcceptRoutes(services.invitations));
      await api.register(providerLogoRoutes(logos));
      await api.register(coverageRoutes(coverage));
      await api.register(wirelessRoutes({ footprints, lineOfSight, searchesPerMinute: config.rateLimits.searchesPerMinute }));
      await api.register(geocodeRoutes({ geocode, searchesPerMinute: config.rateLimits.searchesPerMinute }));
      await api.register(leadRoutes(leads, config.rateLimits));
      await api.register(waitlistPublicRoutes(services.waitlist, config.rateLimits));
      await api.register(publicZoneRoutes(zones, services.zoneListVersion));
      // Every other route: behind the bearer token.
      await api.register(
        adminScope(auth, [
          authRoutes(auth),
          twoFactorRoutes(services.twoFactor),
          sessionRoutes(services.sessions),
          userRoutes({ users: services.users, invitations: services.invitations }),
          providerRoutes({ providers, myMaps, stats: providerStats }),
          apiTestRoutes(apiTester),
          reportRoutes({ reports, leads, measurements }),
          layerRoutes(layers),
          towerRoutes({ towers, sectors, footprints }),
          antennaPatternRoutes(antennaPatterns),
          lineOfSightRoutes(lineOfSight),
          terrainRoutes(terrainTiles),
          addressRoutes(geocode),
          embedSettingsRoutes(embed),
          mapStartRoutes(mapStart),
          radioSettingsRoutes(radioSettings),
          clutterAreaRoutes(clutterAreas),
          webhookRoutes(services.webhooks),
          waitlistAdminRoutes(services.waitlist),
          zoneRoutes(zones),
          measurementRoutes(measurements, services.calibration),
          auditRoutes(services.auditLog),
          teamSettingsRoutes(services.teamSettings),
        ]),
      );
    },
    { prefix: '/api' },
  );
}
