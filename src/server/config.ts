import path from 'node:path';
import { z } from 'zod';
import { booleanField, numberField } from '../common/api/fields.js';
import { RADIO_SETTINGS_LIMITS } from '../common/api/radioSettings.js';

/** The CPE's gain and height take the ranges of a CPE profile, so the roof profile made from them is valid. */
const { cpeGainDbi: CPE_GAIN, cpeHeightM: CPE_HEIGHT } = RADIO_SETTINGS_LIMITS;

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

/** true/1/on/yes or false/0/off/no: the same words as every boolean sent as text. */
const booleanText = booleanField('must be true or false');

const DEFAULT_BASEMAP_TILES = ['a', 'b', 'c', 'd'].map((s) => `https://${s}.basemaps.cartocdn.com/dark_all/{z}/{x}/{y}.png`).join(',');

/** Line-of-sight map styles (raster tile templates): public services that need no key. */
const DEFAULT_LOS_TERRAIN_TILES = ['a', 'b', 'c'].map((s) => `https://${s}.tile.opentopomap.org/{z}/{x}/{y}.png`).join(',');
const DEFAULT_LOS_SATELLITE_TILES = 'https://server.arcgisonline.com/ArcGIS/rest/services/World_Imagery/MapServer/tile/{z}/{y}/{x}';
const DEFAULT_LOS_LABELS_TILES = 'https://server.arcgisonline.com/ArcGIS/rest/services/Reference/World_Boundaries_and_Places/MapServer/tile/{z}/{y}/{x}';

function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

const tileTemplates = (value: string) =>
  value
    .split(',')
    .map((t) => t.trim())
    .filter(Boolean);

/** Environment variables, each with its unit and default. Parsed once at start-up. */
const envSchema = z.object({
  /** TCP port to listen on; 0 picks a free one. Default 3000. */
  PORT: numberField(
    z.number({ error: 'must be a number' }).int('must be a whole number').min(0, 'must be from 0 to 65535').max(65535, 'must be from 0 to 65535').default(3000),
  ),
  /** Interface to listen on. Default 0.0.0.0 (all). */
  HOST: z.string().min(1, 'must not be empty').default('0.0.0.0'),
  /** Folder for the SQLite file, the generated secret and uploads. Default ./data. */
  DATA_DIR: z.string().min(1, 'must not be empty').default('./data'),
  /** postgres://user:pass@host:port/db; unset means SQLite in DATA_DIR. */
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
    .optional(),
  /** PostgreSQL schema for all tables; created if missing. Default: the server's search_path (public). */
  DATABASE_SCHEMA: z
    .string()
    .regex(/^[a-z_][a-z0-9_]{0,62}$/, 'must be a lower-case SQL identifier')
    .optional(),
  /** PostgreSQL: milliseconds to wait for a connection (from the pool or a new one) before answering 503. Default 3000. */
  DATABASE_CONNECT_TIMEOUT_MS: numberField(
    z.number({ error: 'must be a number' }).int('must be a whole number').min(100, 'must be at least 100').max(600_000).default(3000),
  ),
  /** PostgreSQL: milliseconds one statement may take (server-side statement_timeout and a client-side read timeout) before answering 503. Default 5000. */
  DATABASE_STATEMENT_TIMEOUT_MS: numberField(
    z.number({ error: 'must be a number' }).int('must be a whole number').min(100, 'must be at least 100').max(3_600_000).default(5000),
  ),
  /** Username of the first admin, created at first start. Default admin. */
  ADMIN_USERNAME: z.string().trim().min(3, 'must be at least 3 characters').max(100).default('admin'),
  /** Password of the first admin; unset means a random one printed once at first start. */
  ADMIN_PASSWORD: z.string().min(8, 'must be at least 8 characters').max(200).optional(),
  /** Key material for token hashing and secrets at rest; unset means one generated into DATA_DIR. */
  APP_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  /** pino log level. Default info. */
  LOG_LEVEL: z.enum(LOG_LEVELS, { error: `must be one of ${LOG_LEVELS.join(', ')}` }).default('info'),
  /** Lifetime of an admin sign-in, in hours. Default 12. */
  TOKEN_TTL_HOURS: numberField(
    z
      .number({ error: 'must be a number' })
      .positive('must be above 0')
      .max(24 * 365, 'must be at most 8760 (one year)')
      .default(12),
  ),
  /** Trust X-Forwarded-For from a reverse proxy for client addresses. Default false. */
  TRUST_PROXY: z
    .string()
    .trim()
    .regex(
      /^(false|true|\d{1,2}|[0-9a-f.:/]+(\s*,\s*[0-9a-f.:/]+)*)$/i,
      'must be false, true, a number of proxy hops, or a comma-separated list of proxy addresses',
    )
    .transform(parseTrustProxy)
    .default(false),
  /** Comma-separated raster tile URL templates ({z}/{x}/{y}) of the public map's dark basemap. */
  BASEMAP_TILES_URL: z.string().default(DEFAULT_BASEMAP_TILES),
  /** Attribution shown on the basemap. */
  BASEMAP_ATTRIBUTION: z.string().default('© OpenStreetMap contributors © CARTO'),
  /** Let the server fetch private, loopback and link-local addresses (tests, intranets). Default false. */
  ALLOW_PRIVATE_FETCH: booleanText.default(false),
  /** URL of a Google My Maps KML export; {mapId} is replaced by the map's id. */
  MY_MAPS_KML_URL: z.string().includes('{mapId}', { error: 'must contain {mapId}' }).default('https://www.google.com/maps/d/kml?mid={mapId}&forcekml=1'),
  /** Minutes between automatic My Maps syncs of providers with auto_sync. Default 360 (6 hours). */
  MY_MAPS_SYNC_INTERVAL_MINUTES: numberField(z.number({ error: 'must be a number' }).positive('must be above 0').default(360)),
  /** Milliseconds a provider API may take during a coverage check before it is skipped. Default 3000. */
  PROVIDER_API_TIMEOUT_MS: numberField(z.number({ error: 'must be a number' }).int().min(100, 'must be at least 100').default(3000)),
  /** Milliseconds between checks of the coverage revision (other processes' changes). Default 2000. */
  COVERAGE_POLL_MS: numberField(z.number({ error: 'must be a number' }).int().min(100, 'must be at least 100').default(2000)),
  /** Nominatim-compatible search URL asked when the address book has no match; none turns it off. */
  GEOCODER_URL: z
    .string()
    .regex(/^(none|https?:\/\/\S+)$/, 'must be an http(s) URL or none')
    .default('https://nominatim.openstreetmap.org/search'),
  /** ISO 3166-1 alpha-2 country of the built-in places and upstream searches. Default za. */
  GEOCODER_COUNTRY: z
    .string()
    .regex(/^[a-z]{2}$/i, 'must be a two-letter country code such as za')
    .transform((code) => code.toLowerCase())
    .default('za'),
  /** User-Agent sent to the geocoder; Nominatim's usage policy wants one naming the site and a contact. */
  GEOCODER_USER_AGENT: z.string().trim().min(1, 'must not be empty').default('isp-coverage-map/1.0 (+admin contact)'),
  /** Least milliseconds between two geocoder requests of one process (Nominatim allows 1 per second). Default 1000. */
  GEOCODER_MIN_INTERVAL_MS: numberField(z.number({ error: 'must be a number' }).int('must be a whole number').min(0, 'must be at least 0').default(1000)),
  /** smtp:// or smtps://user:pass@host:port to e-mail each lead; unset means leads are only stored. */
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
    .optional(),
  /** Address for general inquiries and leads of providers without a contact_email; unset means those are only stored. */
  LEADS_EMAIL: z.email({ error: 'must be an e-mail address' }).optional(),
  /** Sender of lead e-mails. Default "ISP Coverage Map <no-reply@localhost>". */
  MAIL_FROM: z.string().trim().min(3, 'must be an address such as "Name <no-reply@example.com>"').default('ISP Coverage Map <no-reply@localhost>'),
  /** The site's public address (https://coverage.example.com), used in the links of e-mails; unset: the address the server listens on. */
  PUBLIC_URL: z
    .url({ error: 'must be an http:// or https:// URL', protocol: /^https?$/ })
    .transform((url) => url.replace(/\/+$/, ''))
    .optional(),
  /** Seconds between a webhook delivery's retries, a comma list; after the last one the delivery fails. Default 60,300,1800,7200,21600,86400. */
  WEBHOOK_RETRY_SECONDS: z
    .string()
    .regex(/^\s*\d+(\s*,\s*\d+)*\s*$/, 'must be a comma list of whole seconds such as 60,300,1800')
    .transform((list) => list.split(',').map((part) => Number(part.trim())))
    .refine((seconds) => seconds.length <= 20 && seconds.every((s) => s >= 1 && s <= 7 * 86_400), 'must hold at most 20 retries, each from 1 to 604800 seconds')
    .default([60, 300, 1800, 7200, 21_600, 86_400]),
  /** How often, in ms, each process looks for e-mails and webhook deliveries that are due (other processes' included). Default 500. */
  OUTBOX_POLL_MS: numberField(
    z.number({ error: 'must be a number' }).int('must be a whole number').min(50, 'must be at least 50').max(60_000, 'must be at most 60000').default(500),
  ),
  /**
   * Failed sign-ins the audit log keeps (the one kind of entry anyone can write without an account);
   * the hourly prune deletes the oldest past it, so a flood cannot grow the log or push out the
   * team's own entries. Default 100000.
   */
  AUDIT_FAILED_SIGN_INS_MAX: numberField(
    z
      .number({ error: 'must be a number' })
      .int('must be a whole number')
      .min(100, 'must be at least 100')
      .max(10_000_000, 'must be at most 10000000')
      .default(100_000),
  ),
  /** redis://host:6379 to share rate-limit counters between server processes; unset means per process. */
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'must be a redis:// or rediss:// URL')
    .optional(),
  /** Prefix of this deployment's Redis keys. Default isp-coverage: */
  REDIS_KEY_PREFIX: z.string().min(1, 'must not be empty').default('isp-coverage:'),
  /** Leads one client address may send per hour. Default 10. */
  LEAD_RATE_LIMIT_PER_HOUR: numberField(z.number({ error: 'must be a number' }).int('must be a whole number').min(1, 'must be at least 1').default(10)),
  /** Search logs one client address may send per minute. Default 120. */
  SEARCH_LOG_RATE_LIMIT_PER_MINUTE: numberField(
    z.number({ error: 'must be a number' }).int('must be a whole number').min(1, 'must be at least 1').default(120),
  ),
  /** Address searches one client address may send per minute, to each of /api/search_addresses and /api/geocode. Default 120. */
  SEARCH_RATE_LIMIT_PER_MINUTE: numberField(z.number({ error: 'must be a number' }).int('must be a whole number').min(1, 'must be at least 1').default(120)),
  /** IANA time zone whose days the reports count in (a period's dates, searches per day). Default UTC. */
  REPORTS_TIME_ZONE: z.string().refine(isTimeZone, 'must be an IANA time zone such as Africa/Johannesburg or UTC').default('UTC'),
  /** The operator's folder of SRTM .hgt tiles (1 or 3 arc-second), only read. Default DATA_DIR/terrain (whose tiles move into the database at start). */
  TERRAIN_DIR: z.string().min(1, 'must not be empty').optional(),
  /** Terrarium PNG elevation tiles, a {z}/{x}/{y} template; unset means none (SRTM tiles or flat ground only). */
  TERRAIN_TILES_URL: z
    .string()
    .regex(/^https?:\/\/\S*\{z\}\S*\{x\}\S*\{y\}\S*$/, 'must be an http(s) URL template with {z}, {x} and {y}')
    .optional(),
  /** Megabytes of decoded elevation tiles a process keeps in memory (least recently used go first). Default 256. */
  TERRAIN_MEMORY_MB: numberField(z.number({ error: 'must be a number' }).int('must be a whole number').min(16, 'must be at least 16').max(65536).default(256)),
  /** Gain of a tower's sector antenna, dBi. Default 17. */
  TOWER_ANTENNA_GAIN_DBI: numberField(z.number({ error: 'must be a number' }).min(-10).max(50).default(17)),
  /**
   * Gain of a customer's roof antenna (CPE), dBi, and its height above ground, metres; defaults 23
   * and 6. Also the roof CPE profile of the radio settings while they have never been saved.
   */
  CPE_ANTENNA_GAIN_DBI: numberField(
    z
      .number({ error: 'must be a number' })
      .min(CPE_GAIN.min, `must be at least ${CPE_GAIN.min}`)
      .max(CPE_GAIN.max, `must be at most ${CPE_GAIN.max}`)
      .default(23),
  ),
  FOOTPRINT_RECEIVER_HEIGHT_M: numberField(
    z
      .number({ error: 'must be a number' })
      .min(CPE_HEIGHT.min, `must be at least ${CPE_HEIGHT.min}`)
      .max(CPE_HEIGHT.max, `must be at most ${CPE_HEIGHT.max}`)
      .default(6),
  ),
  FOOTPRINT_MAX_CELLS: numberField(
    z
      .number({ error: 'must be a number' })
      .int('must be a whole number')
      .min(10_000, 'must be at least 10000')
      .max(4_000_000, 'must be at most 4000000')
      .default(1_000_000),
  ),
  /**
   * Megabytes of inflated footprint grids a process keeps for the checks (the towers read lately;
   * every ready footprint is kept deflated besides). Default 128: about 80 towers of 10 km on
   * 1-arc-second terrain (1.6 MB each).
   */
  FOOTPRINT_MEMORY_MB: numberField(
    z.number({ error: 'must be a number' }).int('must be a whole number').min(16, 'must be at least 16').max(65536).default(128),
  ),
  /** Channel width of the wireless links, MHz (20, 40 or 80): sets the estimated speed. Default 40. */
  WIRELESS_CHANNEL_WIDTH_MHZ: z.enum(['20', '40', '80'], { error: 'must be 20, 40 or 80' }).transform(Number).default(40),
  /** Line-of-sight map: raster tile templates of the Terrain, Satellite and Hybrid styles (Hybrid = satellite + labels). */
  LOS_TERRAIN_TILES_URL: z.string().default(DEFAULT_LOS_TERRAIN_TILES),
  LOS_TERRAIN_ATTRIBUTION: z.string().default('© OpenStreetMap contributors, SRTM | © OpenTopoMap (CC-BY-SA)'),
  LOS_SATELLITE_TILES_URL: z.string().default(DEFAULT_LOS_SATELLITE_TILES),
  LOS_LABELS_TILES_URL: z.string().default(DEFAULT_LOS_LABELS_TILES),
  LOS_SATELLITE_ATTRIBUTION: z.string().default('Imagery © Esri, Maxar, Earthstar Geographics'),
});

/** How long a PostgreSQL request may wait, in ms: for a connection, and for one statement's answer. */
export interface DatabaseTimeouts {
  connectMs: number;
  statementMs: number;
}

export type DatabaseConfig = { kind: 'sqlite'; file: string } | { kind: 'postgres'; url: string; schema?: string; timeouts: DatabaseTimeouts };

export interface AppConfig {
  port: number;
  host: string;
  dataDir: string;
  database: DatabaseConfig;
  admin: { username: string; password?: string };
  appSecret?: string;
  logLevel: (typeof LOG_LEVELS)[number];
  tokenTtlHours: number;
  /** Fastify's trustProxy: false, true (every hop), a hop count, or trusted proxy addresses/ranges. */
  trustProxy: boolean | number | string[];
  basemap: { tiles: string[]; attribution: string };
  outbound: { allowPrivate: boolean };
  myMaps: { kmlUrlTemplate: string; syncIntervalMinutes: number };
  providerApiTimeoutMs: number;
  coveragePollMs: number;
  /** url null: no upstream geocoder. */
  geocoder: { url: string | null; country: string; userAgent: string; minIntervalMs: number };
  mail: { smtpUrl?: string; from: string; leadsEmail?: string };
  /** Where e-mailed links point: PUBLIC_URL, else http://HOST:PORT as the server listens (no trailing slash). */
  publicUrl: string;
  /** Whether PUBLIC_URL is set: without it, a link shown to the admin who asked (an invitation's) uses their request's origin. */
  publicUrlConfigured: boolean;
  /** Webhook retries (seconds after each failed attempt, in order) and how often (ms) the outboxes are polled. */
  outbox: { webhookRetrySeconds: number[]; pollMs: number };
  /** The most failed-sign-in entries the audit log keeps (the hourly prune deletes the oldest past it). */
  audit: { failedSignInsMax: number };
  redis: { url?: string; keyPrefix: string };
  rateLimits: { leadsPerHour: number; searchLogsPerMinute: number; searchesPerMinute: number };
  /** tilesUrl null: no Terrarium tiles. */
  /**
   * tilesUrl null: no Terrarium tiles. legacyUploadsDir: where earlier versions wrote uploaded tiles
   * (the default TERRAIN_DIR, DATA_DIR/terrain), whose tiles move into the database at start; null
   * when TERRAIN_DIR is set (the operator's folder, only read).
   */
  terrain: { dir: string; tilesUrl: string | null; memoryBytes: number; cacheDir: string; legacyUploadsDir: string | null };
  /** Antenna gains (dBi) and the channel width (MHz) of the wireless links. */
  radio: { towerDbi: number; cpeDbi: number; channelWidthMHz: 20 | 40 | 80 };
  /** Predicted footprints: receiver height above ground (metres), most cells per footprint grid, and bytes of inflated grids kept. */
  footprints: { receiverM: number; maxCells: number; memoryBytes: number };
  /** IANA time zone of report days. */
  reportsTimeZone: string;
  /** Raster tile templates of the line-of-sight map's styles. */
  losMap: { terrain: string[]; terrainAttribution: string; satellite: string[]; labels: string[]; satelliteAttribution: string };
}

export class ConfigError extends Error {}

/**
 * TRUST_PROXY: "false" (default), "true" (trust every hop: only when the proxy overwrites
 * X-Forwarded-For, else clients can choose their address), a hop count such as "1", or the
 * proxies' addresses/CIDR ranges. Client addresses drive the rate limits, so this matters.
 */
function parseTrustProxy(value: string): boolean | number | string[] {
  if (value === 'false') return false;
  if (value === 'true') return true;
  if (/^\d+$/.test(value)) return Number(value);
  return value.split(',').map((part) => part.trim());
}

/** Reads the environment into a typed config; a bad variable throws with its name and the reason. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const present = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined && value !== ''));
  const parsed = envSchema.safeParse(present);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration: ${problems.join('; ')}`);
  }
  const e = parsed.data;
  const dataDir = path.resolve(e.DATA_DIR);
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir,
    database: e.DATABASE_URL
      ? {
          kind: 'postgres',
          url: e.DATABASE_URL,
          schema: e.DATABASE_SCHEMA,
          timeouts: { connectMs: e.DATABASE_CONNECT_TIMEOUT_MS, statementMs: e.DATABASE_STATEMENT_TIMEOUT_MS },
        }
      : { kind: 'sqlite', file: path.join(dataDir, 'coverage.sqlite') },
    admin: { username: e.ADMIN_USERNAME, password: e.ADMIN_PASSWORD },
    appSecret: e.APP_SECRET,
    logLevel: e.LOG_LEVEL,
    tokenTtlHours: e.TOKEN_TTL_HOURS,
    trustProxy: e.TRUST_PROXY,
    basemap: {
      tiles: tileTemplates(e.BASEMAP_TILES_URL),
      attribution: e.BASEMAP_ATTRIBUTION,
    },
    outbound: { allowPrivate: e.ALLOW_PRIVATE_FETCH },
    myMaps: { kmlUrlTemplate: e.MY_MAPS_KML_URL, syncIntervalMinutes: e.MY_MAPS_SYNC_INTERVAL_MINUTES },
    providerApiTimeoutMs: e.PROVIDER_API_TIMEOUT_MS,
    coveragePollMs: e.COVERAGE_POLL_MS,
    geocoder: {
      url: e.GEOCODER_URL === 'none' ? null : e.GEOCODER_URL,
      country: e.GEOCODER_COUNTRY,
      userAgent: e.GEOCODER_USER_AGENT,
      minIntervalMs: e.GEOCODER_MIN_INTERVAL_MS,
    },
    mail: { smtpUrl: e.SMTP_URL, from: e.MAIL_FROM, leadsEmail: e.LEADS_EMAIL },
    publicUrl: e.PUBLIC_URL ?? `http://${e.HOST === '0.0.0.0' || e.HOST === '::' ? 'localhost' : e.HOST}:${e.PORT}`,
    publicUrlConfigured: e.PUBLIC_URL !== undefined,
    outbox: { webhookRetrySeconds: e.WEBHOOK_RETRY_SECONDS, pollMs: e.OUTBOX_POLL_MS },
    audit: { failedSignInsMax: e.AUDIT_FAILED_SIGN_INS_MAX },
    redis: { url: e.REDIS_URL, keyPrefix: e.REDIS_KEY_PREFIX },
    rateLimits: {
      leadsPerHour: e.LEAD_RATE_LIMIT_PER_HOUR,
      searchLogsPerMinute: e.SEARCH_LOG_RATE_LIMIT_PER_MINUTE,
      searchesPerMinute: e.SEARCH_RATE_LIMIT_PER_MINUTE,
    },
    terrain: {
      dir: path.resolve(e.TERRAIN_DIR ?? path.join(dataDir, 'terrain')),
      tilesUrl: e.TERRAIN_TILES_URL ?? null,
      memoryBytes: e.TERRAIN_MEMORY_MB * 1024 * 1024,
      // Downloaded Terrarium tiles, kept so a restart does not fetch them again.
      cacheDir: path.join(dataDir, 'terrain-cache'),
      legacyUploadsDir: e.TERRAIN_DIR === undefined ? path.join(dataDir, 'terrain') : null,
    },
    reportsTimeZone: e.REPORTS_TIME_ZONE,
    radio: { towerDbi: e.TOWER_ANTENNA_GAIN_DBI, cpeDbi: e.CPE_ANTENNA_GAIN_DBI, channelWidthMHz: e.WIRELESS_CHANNEL_WIDTH_MHZ as 20 | 40 | 80 },
    footprints: { receiverM: e.FOOTPRINT_RECEIVER_HEIGHT_M, maxCells: e.FOOTPRINT_MAX_CELLS, memoryBytes: e.FOOTPRINT_MEMORY_MB * 1024 * 1024 },
    losMap: {
      terrain: tileTemplates(e.LOS_TERRAIN_TILES_URL),
      terrainAttribution: e.LOS_TERRAIN_ATTRIBUTION,
      satellite: tileTemplates(e.LOS_SATELLITE_TILES_URL),
      labels: tileTemplates(e.LOS_LABELS_TILES_URL),
      satelliteAttribution: e.LOS_SATELLITE_ATTRIBUTION,
    },
  };
}
