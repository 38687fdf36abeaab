import type { ColumnType, Generated } from 'kysely';
import type { ApiAuthType, DataSource } from '../../common/api/providers.js';

/**
 * Booleans are written as 1/0 (better-sqlite3 cannot bind JS booleans; PostgreSQL casts '1'/'0' to
 * boolean) and read back as 0/1 from SQLite or true/false from PostgreSQL. Repositories turn them into
 * real booleans through db/dialect.ts; nothing above a repository sees this encoding.
 */
export type DbBool = ColumnType<boolean | number, 0 | 1, 0 | 1>;

/** Timestamps are ISO-8601 UTC text ("2026-11-22T04:05:06.789Z") on both databases: portable and sortable. */
export type Timestamp = string;

export interface AdminUsersTable {
  id: Generated<number>;
  username: string;
  password_hash: string;
  /** owner, admin, viewer or provider_editor (migration 0019; the admins before it became owners). */
  role: Generated<string>;
  email: string | null;
  /** When an owner disabled the user; null: enabled. A disabled user's sessions do not verify. */
  disabled_at: Timestamp | null;
  /** The TOTP secret (base32) sealed by the secret box; null: no second factor set up. */
  totp_secret_sealed: string | null;
  /** When 2FA was enabled (a code confirmed); null: off, even with a secret pending. */
  totp_enabled_at: Timestamp | null;
  /** The last TOTP time step (unix seconds / 30) accepted, so a code is not used twice. */
  totp_last_step: number | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** The providers a provider editor is scoped to (migration 0019). */
export interface UserProvidersTable {
  user_id: number;
  provider_id: number;
}

/** An owner's invitation (migration 0019): single use, until expires_at. */
export interface UserInvitationsTable {
  id: Generated<number>;
  email: string;
  role: string;
  /** JSON text: the provider ids of a provider editor's invitation. */
  provider_ids: Generated<string>;
  /** HMAC-SHA256 of the invitation token, hex. */
  token_hash: string;
  invited_by: number | null;
  created_at: Timestamp;
  expires_at: Timestamp;
  accepted_at: Timestamp | null;
  accepted_user_id: number | null;
  revoked_at: Timestamp | null;
}

/** A user's single-use recovery codes (migration 0019), stored hashed. */
export interface UserRecoveryCodesTable {
  id: Generated<number>;
  user_id: number;
  code_hash: string;
  used_at: Timestamp | null;
}

/** The second step of a sign-in with 2FA (migration 0019): the challenge token stored hashed. */
export interface LoginChallengesTable {
  id: Generated<number>;
  user_id: number;
  token_hash: string;
  ip_address: string | null;
  user_agent: string | null;
  created_at: Timestamp;
  expires_at: Timestamp;
  used_at: Timestamp | null;
  /** Wrong codes entered against this challenge (migration 0021); it dies at the fifth. */
  failed_codes: Generated<number>;
}

/** The team's settings (migration 0019): one row, id 1. */
export interface TeamSettingsTable {
  id: number;
  /** JSON text: the roles that must sign in with a second factor. */
  require_2fa_roles: string;
  audit_retention_days: number;
  updated_at: Timestamp;
}

/** Who changed what (migration 0019); written in the change's transaction, never edited. */
export interface AuditLogTable {
  id: Generated<number>;
  created_at: Timestamp;
  /** null for a change no signed-in user made (a failed sign-in, a system job). */
  actor_user_id: number | null;
  /** The actor's username at the time (kept when the user is removed); for a failed sign-in, the name tried. */
  actor: string | null;
  ip_address: string | null;
  /** create, update, delete, upload, sign_in, sign_in_failed, … */
  action: string;
  /** provider, coverage_layer, tower, sector, user, settings, … */
  entity: string;
  entity_id: string | null;
  /** JSON text of the fields before and after (secrets masked); null when there is no side. */
  before_json: string | null;
  after_json: string | null;
}

export interface AdminSessionsTable {
  id: Generated<number>;
  user_id: number;
  /** HMAC-SHA256 of the bearer token, hex; the token itself is never stored. */
  token_hash: string;
  created_at: Timestamp;
  expires_at: Timestamp;
  revoked_at: Timestamp | null;
  /** The browser's User-Agent at sign-in (migration 0019), cut to 300 characters. */
  user_agent: string | null;
  ip_address: string | null;
  /** When the session last verified (written at most once a minute). */
  last_seen_at: Timestamp | null;
}

export interface LoginFailuresTable {
  id: Generated<number>;
  username: string;
  ip_address: string;
  created_at: Timestamp;
}

export interface ProvidersTable {
  id: Generated<number>;
  name: string;
  description: string | null;
  signup_url: string | null;
  contact_email: string | null;
  contact_phone: string | null;
  logo_filename: string | null;
  active: DbBool;
  data_source: DataSource;
  my_maps_url: string | null;
  auto_sync: DbBool;
  sync_status: string | null;
  last_sync: Timestamp | null;
  sync_error_message: string | null;
  api_endpoint_url: string | null;
  api_headers: string | null;
  api_fields_mapping: string | null;
  api_auth_type: ApiAuthType;
  /** Encrypted with APP_SECRET; never returned in clear. */
  api_auth_config: string | null;
  /** What a visitor's confirmation e-mail says happens next (migration 0016); null: the default text. */
  next_steps: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface CoverageLayersTable {
  id: Generated<number>;
  name: string;
  provider_id: number;
  /** JSON text: list of service names. */
  services: string;
  /** Length of the layer's geometry (its parts in coverage_layer_geometry_parts); null until a file is uploaded. */
  geometry_bytes: number | null;
  /** Moves on whenever the layer's geometry is replaced or removed (migration 0009); 0 for a layer created without one. */
  geometry_version: Generated<number>;
  kml_filename: string | null;
  active: DbBool;
  default_status: string;
  /** JSON text: [{color, status, description}]. */
  color_mappings: string | null;
  use_manual_override: DbBool;
  manual_override_status: string | null;
  /** Features (placemarks) in geometry. */
  feature_count: Generated<number>;
  /** JSON text: colours found in the uploaded file, "#rrggbb". */
  detected_colors: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/**
 * A coverage layer's polygons with their {name, color} in the packed binary form of
 * src/geo/packedCollection.ts, cut into parts of at most 1 MB (migration 0007, layerRepository.ts).
 */
export interface CoverageLayerGeometryPartsTable {
  layer_id: number;
  /** 0, 1, 2 …: the parts joined in this order are the geometry. */
  part: number;
  bytes: Uint8Array;
}

export interface JobLocksTable {
  name: string;
  /** Which process holds it (random per process). */
  holder: string;
  locked_until: Timestamp;
}

export interface TowersTable {
  id: Generated<number>;
  name: string;
  code: string | null;
  latitude: number;
  longitude: number;
  height_meters: number;
  antenna_height_meters: number;
  frequency_ghz: number;
  power_dbm: number;
  coverage_radius_km: number;
  description: string | null;
  active: DbBool;
  /** Date only, YYYY-MM-DD. */
  installed_date: string | null;
  /** The provider that owns the tower (migration 0019); null: the map's operator. */
  provider_id: Generated<number | null>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** A tower's predicted footprint (migration 0008); the grid columns are null until it is computed. */
export interface TowerFootprintsTable {
  tower_id: number;
  status: 'computing' | 'ready' | 'failed';
  /** Share of the work done, 0..1. */
  progress: number;
  inputs_key: string;
  error: string | null;
  terrain_source: string | null;
  south: number | null;
  west: number | null;
  cell_lat_deg: number | null;
  cell_lng_deg: number | null;
  rows: number | null;
  cols: number | null;
  /** Deflated Int16 little-endian, tenths of a dBm per cell (-32768: no signal). */
  signal: Uint8Array | null;
  /** Deflated bitsets, LSB first: the cell's first Fresnel zone is 60% clear; then, when computed with propagation settings, the cell sees the tower. */
  fresnel60: Uint8Array | null;
  /** Deflated, a byte a cell: the index into sector_ids of the sector serving the cell, 255 none (migration 0014); null for an omni tower. */
  serving_sector: Uint8Array | null;
  /** JSON array of the sector ids the footprint was united from, in order; null for an omni tower. */
  sector_ids: string | null;
  /** The band areas, a GeoJSON FeatureCollection as text (src/geo/rf/footprintBands.ts). */
  areas: string | null;
  computed_ms: number | null;
  updated_at: Timestamp;
}

/** An antenna pattern (migration 0013): the peak gain and 360 + 360 attenuations, packed (dialect.ts toFloat64Bytes). */
export interface AntennaPatternsTable {
  id: Generated<number>;
  name: string;
  /** How it was read: planet_msi, radio_mobile_ant, splat or builtin (src/geo/rf/antenna/antennaPattern.ts). */
  format: string;
  /** The uploaded file's name (two for SPLAT!'s .az and .el, joined by ", "); null for a built-in. */
  file_name: string | null;
  peak_gain_dbi: number;
  /** 360 float64 little-endian, dB below the peak, degrees clockwise from the boresight. */
  horizontal_db: Uint8Array;
  /** 360 float64 little-endian, dB below the peak, degrees below the horizon ahead (Planet/MSI's order). */
  vertical_db: Uint8Array;
  /** The file's own mechanical tilt, degrees, positive below the horizon, toward tilt_azimuth_deg off the boresight. */
  tilt_deg: number;
  tilt_azimuth_deg: number;
  /** The built-in pattern's key (builtinPatterns.ts); null for an uploaded one. */
  builtin_key: string | null;
  created_at: Timestamp;
}

/** An uploaded clutter area (migration 0015): polygons of one class. */
export interface ClutterAreasTable {
  id: Generated<number>;
  name: string;
  /** trees, suburban, urban or water (common/api/clutterAreas.ts). */
  clutter_class: string;
  file_name: string;
  /** MultiPolygon coordinates, [lng, lat] degrees, as JSON text. */
  polygons_json: string;
  polygon_count: number;
  vertex_count: number;
  /** The polygons' box, degrees. */
  west: number;
  south: number;
  east: number;
  north: number;
  /** SHA-256 of the class and the polygons (hex): part of the footprints' inputs. */
  content_hash: string;
  created_at: Timestamp;
}

/** A sector antenna on a tower (migration 0013); at most 12 a tower. */
export interface TowerSectorsTable {
  id: Generated<number>;
  tower_id: number;
  name: string;
  /** Degrees clockwise from true north. */
  azimuth_deg: number;
  /** Degrees, positive below the horizon. */
  downtilt_deg: number;
  antenna_pattern_id: number;
  frequency_ghz: number;
  /** Transmit power into the antenna, dBm. */
  power_dbm: number;
  /** Above ground, metres; null: the tower's height plus its antenna height. */
  height_m: number | null;
  active: DbBool;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface SearchLogsTable {
  id: Generated<number>;
  session_id: string;
  search_type: string;
  lat: number | null;
  lng: number | null;
  address: string | null;
  action_taken: string;
  /** How many providers the search found (rows in search_log_providers). */
  provider_count: Generated<number>;
  /** For the action logged after a lead on the same visit: the search it follows. Not a search itself. */
  follow_up_of: number | null;
  /** 1 when a tower reached the spot (the coverage engine's wireless check), else 0. */
  wireless_available: Generated<number>;
  created_at: Timestamp;
}

/** The providers a search found, one row each. */
export interface SearchLogProvidersTable {
  search_log_id: number;
  /** Not a foreign key: a deleted provider's history stays. */
  provider_id: number;
  service_status: string | null;
  /** The search's created_at, so a period's providers are counted from one index. */
  created_at: Timestamp | null;
}

/** The towers that served a search's spot, one row each. */
export interface SearchLogTowersTable {
  search_log_id: number;
  /** Not a foreign key: a deleted tower's history stays. */
  tower_id: number;
}

/** Searches per UTC hour (created_at's first 13 characters) and kind, follow-ups left out. */
export interface SearchStatsHourlyTable {
  hour: string;
  action_taken: string;
  search_type: string;
  /** 1 when the searches were covered (leads/searchRule.ts: a provider or a tower served the spot). */
  covered: number;
  /** 1 when no provider and a tower served the spot (so covered is 1 too). */
  wireless_only: number;
  searches: number;
}

/** The same per UTC day ('YYYY-MM-DD'). */
export interface SearchStatsDailyTable {
  day: string;
  action_taken: string;
  search_type: string;
  covered: number;
  wireless_only: number;
  searches: number;
}

/** Searches per UTC day in which each provider appeared. */
export interface SearchProviderStatsDailyTable {
  day: string;
  provider_id: number;
  searches: number;
}

/** Searches per UTC hour in which each provider appeared. */
export interface SearchProviderStatsHourlyTable {
  hour: string;
  provider_id: number;
  searches: number;
}

export interface LeadsTable {
  id: Generated<number>;
  search_id: number | null;
  /** null for a general inquiry (provider id 0 in the API). */
  provider_id: number | null;
  name: string;
  email: string | null;
  phone: string | null;
  message: string | null;
  lead_type: string;
  /** new, contacted, converted or closed. */
  status: Generated<string>;
  notes: string | null;
  /** How many requests this lead stands for: the same e-mail or phone asking the same provider within 24 h adds one (migration 0016). */
  request_count: Generated<number>;
  /** When the latest of those requests came; null while there was only one. */
  last_requested_at: ColumnType<Timestamp | null, Timestamp | null | undefined, Timestamp | null>;
  updated_at: Timestamp | null;
  created_at: Timestamp;
}

/** A measured signal (migration 0018); the predicted_* columns are filled in the background. */
export interface MeasurementsTable {
  id: Generated<number>;
  tower_id: number;
  /** The sector named on import; null: the best serving sector is assumed. */
  sector_id: number | null;
  latitude: number;
  longitude: number;
  /** The receiving antenna above the ground, metres. */
  height_m: number;
  /** dBm; null: an install that failed for want of signal. */
  rssi_dbm: number | null;
  measured_at: Timestamp;
  /** A CPE profile's name (radio settings); null: the default profile. */
  cpe_profile: string | null;
  /** install, survey or drive_test. */
  source: string;
  note: string | null;
  lead_id: number | null;
  created_at: Timestamp;
  /** The uncalibrated model's signal at the spot, dBm; null until predicted, or out of range. */
  predicted_dbm: number | null;
  /** 1 when the model sees a clear line of sight, 0 when not; null until predicted. */
  predicted_los: number | null;
  /** The sector the prediction is from (the named one, else the best serving); null for an omni tower. */
  predicted_sector_id: number | null;
  /** Great-circle distance from the tower, metres. */
  distance_m: number | null;
  /** The clutter class the spot stands in (trees, suburban, urban, water); null: open. */
  clutter_class: string | null;
  /** What the prediction was made from (hash); null or stale: to predict again. */
  prediction_key: string | null;
  predicted_at: Timestamp | null;
}

/** The latest calibration fit (migration 0018): one row, id 1. */
export interface CalibrationFitsTable {
  id: number;
  /** geo/rf/calibration's CalibrationModel as JSON. */
  model_json: string;
  /** common/api/measurements.ts' report as JSON (the cross-validated figures). */
  report_json: string;
  /** Hash of the measurements and predictions fitted on: a fit is redone only when it moves. */
  measurements_hash: string;
  /** Hash of model_json: what footprints computed with the calibration key on. */
  model_hash: string;
  fitted_at: Timestamp;
  fit_ms: number;
}

export interface CoverageRevisionTable {
  id: number;
  /** Moves on every coverage change; processes rebuild their index when it differs from theirs. */
  revision: number;
}

export interface AddressesTable {
  id: Generated<number>;
  label: string;
  /** normalizeForSearch(label) (src/server/geocode/searchText.ts); searched with `like`. */
  label_normalized: string;
  /** Degrees. */
  lat: number;
  lng: number;
  /** Where the row came from: 'import' (an admin's CSV). */
  source: string;
  created_at: Timestamp;
}

export interface AppSettingsTable {
  key: string;
  /** JSON text. */
  value: string;
  updated_at: Timestamp;
}

/** An e-mail waiting to be sent, or sent (migration 0016): written in the transaction of what caused it. */
export interface MailOutboxTable {
  id: Generated<number>;
  /** What the mail is: waitlist_confirm, waitlist_live, zone_goal_reached, lead_notice, lead_confirmation, webhook_disabled, user_invitation. */
  kind: string;
  to_address: string;
  reply_to: string | null;
  subject: string;
  text_body: string;
  html_body: string;
  /** The one-click unsubscribe address (RFC 8058 List-Unsubscribe); null for mail to staff. */
  unsubscribe_url: string | null;
  /** pending, sent, or failed (gave up). */
  status: Generated<'pending' | 'sent' | 'failed'>;
  attempts: Generated<number>;
  next_attempt_at: Timestamp;
  last_error: string | null;
  created_at: Timestamp;
  sent_at: Timestamp | null;
  /** The waitlist entry a mail is for (migration 0017; deleted with it); null for other mail. */
  waitlist_entry_id: number | null;
  /**
   * What text_body and html_body become once the mail has left the outbox, sent or given up
   * (migration 0022): without the tokens of its one-time links (an invitation's, a waitlist
   * mail's; migration 0025). null: they stay as they are.
   */
  kept_text_body: string | null;
  kept_html_body: string | null;
  /** What unsubscribe_url becomes once the mail has left the outbox (migration 0025): without its token. null: it stays. */
  kept_unsubscribe_url: string | null;
  /** The invitation whose link the mail carries (migration 0022; deleted with it); null for other mail. */
  invitation_id: number | null;
  /** When the mail was sent or given up (migration 0022); null while pending. The retention counts from it. */
  finished_at: Timestamp | null;
}

/** A provider's pre-registration zone with a goal (migration 0016). */
export interface ZonesTable {
  id: Generated<number>;
  provider_id: number;
  name: string;
  /** How many confirmed pre-registrations the provider asks for. */
  goal: number;
  /** Date only, YYYY-MM-DD; null: none. */
  deadline: string | null;
  message: string | null;
  /** GeoJSON Polygon or MultiPolygon geometry as text, [lng, lat] degrees. */
  geometry_json: string;
  vertex_count: number;
  west: number;
  south: number;
  east: number;
  north: number;
  active: DbBool;
  /** When the confirmed count first reached the goal (the admin was told then); null: not yet. */
  goal_reached_at: Timestamp | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** A visitor waiting at a spot (migration 0016); a pre-registration when zone_id is set. */
export interface WaitlistEntriesTable {
  id: Generated<number>;
  /** null: any provider. */
  provider_id: number | null;
  zone_id: number | null;
  /** Given for a pre-registration. */
  name: string | null;
  /** Lower-cased. */
  email: string;
  phone: string | null;
  address: string;
  lat: number;
  lng: number;
  /** pending (until the e-mailed link is opened), confirmed, unsubscribed. */
  status: 'pending' | 'confirmed' | 'unsubscribed';
  /** The e-mail, the spot (5 decimals), the provider and the zone: the same twice is one entry. */
  dedupe_key: string;
  /** SHA-256 (hex) of the confirmation link's token. */
  confirm_token_hash: string;
  /** SHA-256 (hex) of the unsubscribe link's token. */
  unsubscribe_token_hash: string;
  consent_at: Timestamp;
  created_at: Timestamp;
  confirmed_at: Timestamp | null;
  unsubscribed_at: Timestamp | null;
  /** When the last confirmation e-mail was queued (migration 0017); null: before that migration. */
  confirm_sent_at: Timestamp | null;
}

/** A "now available" e-mail owed or sent for an entry and a provider, at most once (migration 0016). */
export interface WaitlistNotificationsTable {
  id: Generated<number>;
  entry_id: number;
  /** The provider's id; 0 for the site's own towers (wireless). */
  provider_key: number;
  notified_at: Timestamp;
}

/** A receiver of webhooks (migration 0016). */
export interface WebhookEndpointsTable {
  id: Generated<number>;
  url: string;
  description: string | null;
  /** JSON array of the event types it wants. */
  events_json: string;
  /** The whsec_… signing secret, sealed with the app secret. */
  secret_sealed: string;
  enabled: DbBool;
  /** Why it was disabled (e.g. failing for three days); null when enabled or disabled by hand. */
  disabled_reason: string | null;
  /** Since when every delivery has failed; null while it succeeds. */
  failing_since: Timestamp | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** An event, written in the transaction of the change it tells of (migration 0016). */
export interface WebhookEventsTable {
  id: Generated<number>;
  /** The webhook-id header: the same on every retry and redelivery. */
  message_id: string;
  type: string;
  /** The payload's JSON text (the body's `data`). */
  payload_json: string;
  created_at: Timestamp;
}

/** One event for one endpoint (migration 0016): delivered in order of event per endpoint. */
export interface WebhookDeliveriesTable {
  id: Generated<number>;
  event_id: number;
  endpoint_id: number;
  /** pending, delivered, or failed (retries exhausted or the endpoint disabled). */
  status: Generated<'pending' | 'delivered' | 'failed'>;
  attempts: Generated<number>;
  next_attempt_at: Timestamp;
  last_attempt_at: Timestamp | null;
  last_status_code: number | null;
  /** The first 500 characters of the receiver's answer. */
  last_response: string | null;
  last_error: string | null;
  delivered_at: Timestamp | null;
  created_at: Timestamp;
}

/** A file kept in the database: a provider logo or an uploaded terrain tile (migration 0020). */
export interface StoredFilesTable {
  id: Generated<number>;
  /** 'logo' or 'terrain'. */
  kind: string;
  /** Unique per kind: a logo's generated file name, a tile's SRTM name (e.g. S34E018.hgt). */
  name: string;
  /** SHA-256 of the content, lowercase hex. */
  sha256: string;
  byte_size: number;
  content_type: string;
  created_at: Timestamp;
}

/** One part (at most 1 MB) of a stored file: the parts joined by part_index are the file (migration 0020). */
export interface StoredFilePartsTable {
  file_id: number;
  /** 0, 1, 2 … */
  part_index: number;
  data: Uint8Array;
}

export interface Database {
  admin_users: AdminUsersTable;
  admin_sessions: AdminSessionsTable;
  user_providers: UserProvidersTable;
  user_invitations: UserInvitationsTable;
  user_recovery_codes: UserRecoveryCodesTable;
  login_challenges: LoginChallengesTable;
  team_settings: TeamSettingsTable;
  audit_log: AuditLogTable;
  login_failures: LoginFailuresTable;
  providers: ProvidersTable;
  coverage_layers: CoverageLayersTable;
  coverage_layer_geometry_parts: CoverageLayerGeometryPartsTable;
  towers: TowersTable;
  tower_footprints: TowerFootprintsTable;
  antenna_patterns: AntennaPatternsTable;
  tower_sectors: TowerSectorsTable;
  clutter_areas: ClutterAreasTable;
  search_logs: SearchLogsTable;
  search_log_providers: SearchLogProvidersTable;
  search_log_towers: SearchLogTowersTable;
  search_stats_hourly: SearchStatsHourlyTable;
  search_provider_stats_hourly: SearchProviderStatsHourlyTable;
  search_stats_daily: SearchStatsDailyTable;
  search_provider_stats_daily: SearchProviderStatsDailyTable;
  leads: LeadsTable;
  coverage_revision: CoverageRevisionTable;
  job_locks: JobLocksTable;
  addresses: AddressesTable;
  app_settings: AppSettingsTable;
  mail_outbox: MailOutboxTable;
  zones: ZonesTable;
  waitlist_entries: WaitlistEntriesTable;
  waitlist_notifications: WaitlistNotificationsTable;
  webhook_endpoints: WebhookEndpointsTable;
  webhook_events: WebhookEventsTable;
  webhook_deliveries: WebhookDeliveriesTable;
  measurements: MeasurementsTable;
  calibration_fits: CalibrationFitsTable;
  stored_files: StoredFilesTable;
  stored_file_parts: StoredFilePartsTable;
}
