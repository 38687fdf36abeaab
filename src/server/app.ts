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
import { CoverageEngine } from './coverage/coverageEngine.js';
import { coverageRoutes } from './coverage/coverageRoutes.js';
import { LayerRepository } from './coverage/layerRepository.js';
import { layerRoutes } from './coverage/layerRoutes.js';
import { LayerService } from './coverage/layerService.js';
import type { AppConfig } from './config.js';
import { type Db, openDatabase } from './db/database.js';
import { EmbedSettingsRepository } from './embed/embedSettingsRepository.js';
import { embedSettingsRoutes } from './embed/embedSettingsRoutes.js';
import { EmbedSettingsService } from './embed/embedSettingsService.js';
import { AddressRepository } from './geocode/addressRepository.js';
import { BuiltInPlaces } from './geocode/builtInPlaces.js';
import { geocodeRoutes } from './geocode/geocodeRoutes.js';
import { GeocodeService } from './geocode/geocodeService.js';
import { UpstreamGeocoder } from './geocode/upstreamGeocoder.js';
import { registerErrorHandler } from './http/errorHandler.js';
import { originsOf, registerSecurityHeaders } from './http/securityHeaders.js';
import { registerWebApp } from './http/webApp.js';
import { LeadNotifier } from './leads/leadNotifier.js';
import { LeadRepository } from './leads/leadRepository.js';
import { leadRoutes } from './leads/leadRoutes.js';
import { LeadService } from './leads/leadService.js';
import { createSmtpMailer } from './leads/mailer.js';
import { registerRateLimits } from './http/rateLimits.js';
import { createOutboundClient } from './outbound/outboundClient.js';
import { LogoStore } from './providers/logoStore.js';
import { MyMapsSync } from './providers/myMapsSync.js';
import { ProviderRepository } from './providers/providerRepository.js';
import { providerRoutes } from './providers/providerRoutes.js';
import { ProviderService } from './providers/providerService.js';
import { resolveAppSecret } from './system/appSecret.js';
import { JobLocks } from './system/jobLock.js';
import { createSecretBox } from './system/secretBox.js';
import { systemRoutes } from './system/systemRoutes.js';

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
    // A hop count becomes Fastify's function form: trust the nearest `hops` proxies.
    trustProxy: typeof config.trustProxy === 'number' ? trustNearest(config.trustProxy) : config.trustProxy,
  });
  server.setValidatorCompiler(validatorCompiler);
  server.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(server);

  const db = await openDatabase(config.database);

  const secret = resolveAppSecret(config.appSecret, config.dataDir);
  const auth = new AuthService(new AuthRepository(db.kysely), { secret, tokenTtlHours: config.tokenTtlHours, clock });
  const generated = config.admin.password ? undefined : generatePassword();
  if (await auth.ensureFirstAdmin(config.admin.username, config.admin.password ?? generated!)) {
    if (generated) (deps.announceGeneratedPassword ?? printGeneratedPassword)(config.admin.username, generated);
    else server.log.info({ username: config.admin.username }, 'first admin created from ADMIN_USERNAME/ADMIN_PASSWORD');
  }

  const outbound = createOutboundClient({ allowPrivate: config.outbound.allowPrivate, userAgent: 'isp-coverage-map/1.0' });
  const providerRepo = new ProviderRepository(db.kysely);
  const layerRepo = new LayerRepository(db.kysely);
  const logos = new LogoStore(config.dataDir);
  // The engine reads providers' API sources and providers tell the engine of changes: one of the
  // two must be created first, so the service reaches the engine through this closure.
  // The data is committed by then: a failed rebuild is logged (the next poll retries), not answered as a failed save.
  const refreshCoverage = () =>
    coverage.refresh().catch((error: unknown) => server.log.error({ err: error }, 'coverage index refresh after a change failed'));
  const providers = new ProviderService(providerRepo, logos, createSecretBox(secret), clock, refreshCoverage);
  const coverage: CoverageEngine = new CoverageEngine({
    db: db.kysely,
    layers: layerRepo,
    providers: providerRepo,
    apiSourceOf: (row) => providers.apiSourceOf(row),
    outbound,
    pollMs: config.coveragePollMs,
    providerApiTimeoutMs: config.providerApiTimeoutMs,
    log: server.log,
  });
  const layers = new LayerService(layerRepo, providerRepo, clock, refreshCoverage);
  const geocoderUrl = config.geocoder.url;
  const geocode = new GeocodeService(
    new AddressRepository(db.kysely),
    new BuiltInPlaces(config.geocoder.country),
    geocoderUrl ? new UpstreamGeocoder(outbound, { ...config.geocoder, url: geocoderUrl }, clock) : null,
    clock,
    server.log,
  );
  const embed = new EmbedSettingsService(new EmbedSettingsRepository(db.kysely), clock, server.log);
  const myMaps = new MyMapsSync(providerRepo, providers, layers, outbound, new JobLocks(db.kysely, randomUUID()), config.myMaps, clock, server.log);
  const notifier = config.mail.smtpUrl
    ? new LeadNotifier(createSmtpMailer(config.mail.smtpUrl, config.mail.from), config.mail.leadsEmail, server.log)
    : null;
  const leads = new LeadService(new LeadRepository(db.kysely), providerRepo, notifier, clock, server.log);
  await coverage.start();
  myMaps.startSchedule();
  server.addHook('onClose', async () => {
    coverage.stop();
    myMaps.stopSchedule();
    await notifier?.close();
    await db.close();
  });

  await registerSecurityHeaders(server, originsOf(config.basemap.tiles));
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
      await api.register(systemRoutes(db, { basemap: config.basemap }));
      await api.register(authRoutes(auth));
      await api.register(
        providerRoutes({ auth, providers, logos, myMaps, outbound, myMapsKmlUrlTemplate: config.myMaps.kmlUrlTemplate }),
      );
      await api.register(layerRoutes({ auth, layers }));
      await api.register(coverageRoutes(coverage));
      await api.register(geocodeRoutes({ auth, geocode }));
      await api.register(embedSettingsRoutes({ auth, embed }));
      await api.register(leadRoutes(leads, config.rateLimits));
    },
    { prefix: '/api' },
  );
  await registerWebApp(server, deps.webRoot ?? defaultWebRoot(), () => embed.frameAncestors());
  return { server, db, config, coverage, myMaps };
}
