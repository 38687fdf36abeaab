import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Kysely, sql } from 'kysely';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { decodePackedCollection } from '../src/geo/packedCollection.js';
import type { DatabaseConfig } from '../src/server/config.js';
import { createDialect } from '../src/server/db/dialect.js';
import { createMigrator, migrateToLatest } from '../src/server/db/migrate.js';
import { createSecretBox } from '../src/server/system/secretBox.js';
import { databaseKinds } from './support/testApp.js';

const silentLog = { warn: () => {} };

describe.each(databaseKinds())('migrations on %s', (kind) => {
  const cleanups: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  /** The PostgreSQL schema of the last emptyDatabase(); the migrator keeps its own tables there. */
  let schema: string | undefined;

  async function emptyDatabase(): Promise<Kysely<any>> {
    let config: DatabaseConfig;
    schema = undefined;
    if (kind === 'sqlite') {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'migrate-test-'));
      config = { kind: 'sqlite', file: path.join(dir, 'db.sqlite') };
      cleanups.push(async () => fs.rmSync(dir, { recursive: true, force: true }));
    } else {
      const name = `migrate_${randomBytes(4).toString('hex')}`;
      schema = name;
      const url = process.env.TEST_DATABASE_URL as string;
      const admin = new pg.Client({ connectionString: url });
      await admin.connect();
      await admin.query(`create schema "${name}"`);
      await admin.end();
      config = { kind: 'postgres', url, schema: name, timeouts: { connectMs: 3000, statementMs: 5000 } };
      cleanups.push(async () => {
        const client = new pg.Client({ connectionString: url });
        await client.connect();
        await client.query(`drop schema if exists "${name}" cascade`);
        await client.end();
      });
    }
    const db = new Kysely<any>({ dialect: createDialect(config, silentLog) });
    cleanups.push(() => db.destroy());
    return db;
  }

  /** A provider as every schema before these migrations stores one: a name and its times. */
  async function oldProvider(db: Kysely<any>, now: string): Promise<number> {
    return (await db.insertInto('providers').values({ name: 'Old', created_at: now, updated_at: now }).returning('id').executeTakeFirstOrThrow()).id;
  }

  it('moves GeoJSON stored before 0003 into the packed geometry column, keeping every polygon', async () => {
    const db = await emptyDatabase();
    const migrator = createMigrator(db, kind, schema);
    expect((await migrator.migrateTo('0002_coverage_engine')).error).toBeUndefined();

    const now = new Date().toISOString();
    const providerId = await oldProvider(db, now);
    const geojson = {
      type: 'FeatureCollection',
      features: [
        {
          type: 'Feature',
          properties: { name: 'a', color: '#ff6600' },
          geometry: {
            type: 'Polygon',
            coordinates: [
              [
                [18, -34],
                [18.1, -34],
                [18.1, -33.9],
                [18, -34],
              ],
            ],
          },
        },
        {
          type: 'Feature',
          properties: { name: 'b', color: null },
          geometry: {
            type: 'MultiPolygon',
            coordinates: [
              [
                [
                  [1, 1],
                  [2, 1],
                  [2, 2],
                  [1, 1],
                ],
              ],
              [
                [
                  [3, 3],
                  [4, 3],
                  [4, 4],
                  [3, 3],
                ],
              ],
            ],
          },
        },
      ],
    };
    await db
      .insertInto('coverage_layers')
      .values({ name: 'L', provider_id: providerId, services: '[]', geojson: JSON.stringify(geojson), created_at: now, updated_at: now })
      .execute();

    expect((await migrator.migrateTo('0003_packed_geometry')).error).toBeUndefined();
    const row = await db.selectFrom('coverage_layers').selectAll().executeTakeFirstOrThrow();
    expect(row).not.toHaveProperty('geojson');
    const features = decodePackedCollection<{ name: string | null; color: string | null }>(row.geometry);
    expect(features.map((f) => f.properties)).toEqual([
      { name: 'a', color: '#ff6600' },
      { name: 'b', color: null },
    ]);
    expect(Array.from(features[0]!.polygons[0]![0]!)).toEqual([18, -34, 18.1, -34, 18.1, -33.9, 18, -34]);
    expect(features[1]!.polygons).toHaveLength(2);
  });

  it('moves the provider ids of search logs stored before 0005 into search_log_providers', async () => {
    const db = await emptyDatabase();
    const migrator = createMigrator(db, kind, schema);
    expect((await migrator.migrateTo('0004_address_book')).error).toBeUndefined();

    const stored = ['[3,12]', '[]', null, '[5,5,2147483648,-1,"7"]', 'not json', '{"id":4}'];
    const ids: number[] = [];
    for (const coverageProviders of stored) {
      const { id } = await db
        .insertInto('search_logs')
        .values({ session_id: 'visit-1234abcd', search_type: 'address', coverage_providers: coverageProviders, created_at: new Date().toISOString() })
        .returning('id')
        .executeTakeFirstOrThrow();
      ids.push(id);
    }

    expect((await migrator.migrateTo('0005_search_log_providers')).error).toBeUndefined();
    const moved = await db.selectFrom('search_log_providers').selectAll().orderBy('search_log_id').orderBy('provider_id').execute();
    expect(moved).toEqual([
      { search_log_id: ids[0], provider_id: 3, service_status: null },
      { search_log_id: ids[0], provider_id: 12, service_status: null },
      { search_log_id: ids[3], provider_id: 5, service_status: null },
    ]);
    const log = await db.selectFrom('search_logs').selectAll().where('id', '=', ids[0]!).executeTakeFirstOrThrow();
    expect(log).not.toHaveProperty('coverage_providers');
    expect(await db.selectFrom('search_logs').select('id').execute()).toHaveLength(stored.length);
  });

  it('moves search logs in batches, past the batch and insert-chunk sizes, missing none', async () => {
    const db = await emptyDatabase();
    const migrator = createMigrator(db, kind, schema);
    expect((await migrator.migrateTo('0004_address_book')).error).toBeUndefined();
    const logs = 2_345;
    const now = new Date().toISOString();
    for (let start = 0; start < logs; start += 500) {
      const batch = Array.from({ length: Math.min(500, logs - start) }, (_, i) => ({
        session_id: 'visit-1234abcd',
        search_type: 'address',
        coverage_providers: `[${start + i},${start + i + 1}]`,
        created_at: now,
      }));
      await db.insertInto('search_logs').values(batch).execute();
    }

    await migrateToLatest(db, kind, schema);
    const counts = await db
      .selectFrom('search_log_providers')
      .select((eb) => [eb.fn.countAll().as('rows'), eb.fn.count('search_log_id').distinct().as('logs'), eb.fn.max('provider_id').as('highest')])
      .executeTakeFirstOrThrow();
    expect([Number(counts.rows), Number(counts.logs), Number(counts.highest)]).toEqual([2 * logs, logs, logs]);
  });

  it('gives searches stored before 0006 their provider counts, follow-ups and hourly roll-ups', async () => {
    const db = await emptyDatabase();
    const migrator = createMigrator(db, kind, schema);
    expect((await migrator.migrateTo('0005_search_log_providers')).error).toBeUndefined();
    const now = '2026-11-20T10:15:00.000Z';
    const log = async (session: string, action: string, lat: number) =>
      (
        await db
          .insertInto('search_logs')
          .values({ session_id: session, search_type: 'address', lat, lng: 18.4, action_taken: action, created_at: now })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
    const searched = await log('visit-aaaaaaaa', 'no_action', -33.9);
    const followUp = await log('visit-aaaaaaaa', 'contact_me', -33.9);
    const elsewhere = await log('visit-aaaaaaaa', 'contact_me', -34.1);
    await db
      .insertInto('search_log_providers')
      .values([
        { search_log_id: searched, provider_id: 3, service_status: null },
        { search_log_id: searched, provider_id: 5, service_status: null },
        { search_log_id: followUp, provider_id: 3, service_status: null },
      ])
      .execute();
    await db.insertInto('leads').values({ name: 'Thandi', lead_type: 'contact_request', created_at: now }).execute();

    await migrateToLatest(db, kind, schema);
    const logs = await db.selectFrom('search_logs').select(['id', 'provider_count', 'follow_up_of']).orderBy('id').execute();
    expect(logs).toEqual([
      { id: searched, provider_count: 2, follow_up_of: null },
      { id: followUp, provider_count: 1, follow_up_of: searched },
      { id: elsewhere, provider_count: 0, follow_up_of: null },
    ]);
    const hours = await db.selectFrom('search_stats_hourly').select(['hour', 'action_taken', 'covered', 'searches']).orderBy('action_taken').execute();
    expect(hours.map((h) => ({ ...h, searches: Number(h.searches) }))).toEqual([
      { hour: '2026-11-20T10', action_taken: 'contact_me', covered: 0, searches: 1 },
      { hour: '2026-11-20T10', action_taken: 'no_action', covered: 1, searches: 1 },
    ]);
    const providers = await db.selectFrom('search_provider_stats_hourly').select(['provider_id', 'searches']).orderBy('provider_id').execute();
    expect(providers.map((p) => [p.provider_id, Number(p.searches)])).toEqual([
      [3, 1],
      [5, 1],
    ]);
    const days = await db.selectFrom('search_stats_daily').select(['day', 'action_taken', 'searches']).orderBy('action_taken').execute();
    expect(days.map((d) => [d.day, d.action_taken, Number(d.searches)])).toEqual([
      ['2026-11-20', 'contact_me', 1],
      ['2026-11-20', 'no_action', 1],
    ]);
    const providerDays = await db.selectFrom('search_provider_stats_daily').select(['provider_id', 'searches']).orderBy('provider_id').execute();
    expect(providerDays.map((p) => [p.provider_id, Number(p.searches)])).toEqual([
      [3, 1],
      [5, 1],
    ]);
    expect(await db.selectFrom('leads').select(['status', 'updated_at']).execute()).toEqual([{ status: 'new', updated_at: now }]);
  });

  it('moves geometry stored before 0007 into parts of 1 MB, in order, and leaves layers without geometry without parts', async () => {
    const db = await emptyDatabase();
    const migrator = createMigrator(db, kind, schema);
    expect((await migrator.migrateTo('0006_reports')).error).toBeUndefined();
    const now = new Date().toISOString();
    const providerId = await oldProvider(db, now);
    // 2.5 MB: two whole parts and a half one, each byte telling its position.
    const geometry = Buffer.alloc(2.5 * 1024 * 1024);
    for (let i = 0; i < geometry.length; i += 4) geometry.writeUInt32LE(i, i);
    const layer = async (name: string, stored: Buffer | null) =>
      (
        await db
          .insertInto('coverage_layers')
          .values({ name, provider_id: providerId, services: '[]', geometry: stored, created_at: now, updated_at: now })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
    const large = await layer('Large', geometry);
    const empty = await layer('Empty', null);

    expect((await migrator.migrateTo('0007_geometry_parts')).error).toBeUndefined();
    const layers = await db.selectFrom('coverage_layers').selectAll().orderBy('id').execute();
    expect(layers[0]).not.toHaveProperty('geometry');
    expect(layers.map((l) => [l.id, l.geometry_bytes === null ? null : Number(l.geometry_bytes)])).toEqual([
      [large, geometry.length],
      [empty, null],
    ]);
    const parts = await db.selectFrom('coverage_layer_geometry_parts').selectAll().orderBy('part').execute();
    expect(parts.map((p) => [p.layer_id, p.part, p.bytes.length])).toEqual([
      [large, 0, 1024 * 1024],
      [large, 1, 1024 * 1024],
      [large, 2, 0.5 * 1024 * 1024],
    ]);
    expect(Buffer.concat(parts.map((p) => p.bytes)).equals(geometry)).toBe(true);
  });

  it('gives layers with geometry before 0009 geometry version 1, and the others 0', async () => {
    const db = await emptyDatabase();
    const migrator = createMigrator(db, kind, schema);
    expect((await migrator.migrateTo('0008_tower_footprints')).error).toBeUndefined();
    const now = new Date().toISOString();
    const providerId = await oldProvider(db, now);
    const layer = async (name: string, bytes: number | null) =>
      (
        await db
          .insertInto('coverage_layers')
          .values({ name, provider_id: providerId, services: '[]', geometry_bytes: bytes, created_at: now, updated_at: now })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
    const drawn = await layer('Drawn', 16);
    const empty = await layer('Empty', null);

    expect((await migrator.migrateTo('0009_layer_geometry_version')).error).toBeUndefined();
    const layers = await db.selectFrom('coverage_layers').select(['id', 'geometry_version']).orderBy('id').execute();
    expect(layers.map((l) => [l.id, Number(l.geometry_version)])).toEqual([
      [drawn, 1],
      [empty, 0],
    ]);
  });

  it('seals API headers left in clear by an earlier version once (0010), with the seal the server hands the migrations', async () => {
    const db = await emptyDatabase();
    expect((await createMigrator(db, kind, schema).migrateTo('0009_layer_geometry_version')).error).toBeUndefined();
    const box = createSecretBox('s'.repeat(32));
    const now = new Date().toISOString();
    const provider = async (name: string, apiHeaders: string | null) =>
      (await db.insertInto('providers').values({ name, api_headers: apiHeaders, created_at: now, updated_at: now }).returning('id').executeTakeFirstOrThrow())
        .id;
    const alreadySealed = box.seal('{"X-Api-Key":"new-key"}');
    const clear = await provider('Old', '{"X-Api-Key":"old-key"}');
    const sealed = await provider('New', alreadySealed);
    const none = await provider('None', null);
    const headersOf = async (id: number) =>
      (await db.selectFrom('providers').select('api_headers').where('id', '=', id).executeTakeFirstOrThrow()).api_headers as string | null;

    // Without the app secret, clear headers stop the migration rather than be left behind for good.
    await expect(migrateToLatest(db, kind, schema)).rejects.toThrow('needs the app secret');
    expect(await headersOf(clear)).toBe('{"X-Api-Key":"old-key"}');

    let seals = 0;
    const seal = (plain: string) => {
      seals += 1;
      return box.seal(plain);
    };
    await migrateToLatest(db, kind, schema, { seal });
    const sealedOnce = await headersOf(clear);
    expect(sealedOnce).not.toContain('old-key');
    expect(JSON.parse(box.open(sealedOnce ?? ''))).toEqual({ 'X-Api-Key': 'old-key' });
    expect(await headersOf(sealed)).toBe(alreadySealed);
    expect(await headersOf(none)).toBeNull();
    expect(seals).toBe(1);

    // Recorded: a later start seals nothing again, even headers written in clear since.
    await db.updateTable('providers').set({ api_headers: '{"X-Api-Key":"written-later"}' }).where('id', '=', none).execute();
    await migrateToLatest(db, kind, schema, { seal });
    expect(seals).toBe(1);
    expect(await headersOf(clear)).toBe(sealedOnce);
  });

  it('adds sectors and the pattern library in 0013 beside towers stored before, with the built-ins seeded once', async () => {
    const db = await emptyDatabase();
    expect((await createMigrator(db, kind, schema).migrateTo('0012_search_served_by')).error).toBeUndefined();
    const now = '2026-11-20T10:00:00.000Z';
    const tower = (
      await db
        .insertInto('towers')
        .values({ name: 'Old mast', latitude: -33.9, longitude: 18.4, height_meters: 30, created_at: now, updated_at: now })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;

    await migrateToLatest(db, kind, schema);
    await migrateToLatest(db, kind, schema);
    const patterns = await db.selectFrom('antenna_patterns').select(['id', 'builtin_key']).orderBy('id').execute();
    expect(patterns.map((p) => p.builtin_key)).toEqual(['sector_60', 'sector_90', 'sector_120', 'dish_small']);
    expect(patterns.map((p) => p.id)).toEqual([1, 2, 3, 4]);
    await db
      .insertInto('tower_sectors')
      .values({
        tower_id: tower,
        name: 'North',
        azimuth_deg: 0,
        downtilt_deg: 0,
        antenna_pattern_id: 2,
        frequency_ghz: 5.8,
        power_dbm: 20,
        active: 1,
        created_at: now,
        updated_at: now,
      })
      .execute();
    await db.deleteFrom('towers').where('id', '=', tower).execute();
    expect(await db.selectFrom('tower_sectors').selectAll().execute()).toEqual([]);
  });

  it('rebuilds the kind roll-ups from the searches stored before 0012, keeping the wireless-only ones apart', async () => {
    const db = await emptyDatabase();
    expect((await createMigrator(db, kind, schema).migrateTo('0011_wireless_searches')).error).toBeUndefined();
    const log = async (fields: { provider_count: number; wireless_available: number; action_taken?: string; created_at: string; follow_up_of?: number }) =>
      (
        await db
          .insertInto('search_logs')
          .values({ session_id: 'visit-aaaaaaaa', search_type: 'address', lat: -33.9, lng: 18.4, action_taken: 'no_action', ...fields })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
    const layer = await log({ provider_count: 1, wireless_available: 0, created_at: '2026-11-20T10:05:00.000Z' });
    await log({ provider_count: 0, wireless_available: 1, created_at: '2026-11-20T10:10:00.000Z' });
    await log({ provider_count: 2, wireless_available: 1, created_at: '2026-11-20T10:15:00.000Z' });
    await log({ provider_count: 0, wireless_available: 1, created_at: '2026-11-21T09:00:00.000Z', action_taken: 'contact_me' });
    await log({ provider_count: 0, wireless_available: 0, created_at: '2026-11-21T09:30:00.000Z' });
    // A follow-up is no search: it stays out of the roll-ups.
    await log({ provider_count: 1, wireless_available: 0, created_at: '2026-11-20T10:06:00.000Z', action_taken: 'contact_me', follow_up_of: layer });

    await migrateToLatest(db, kind, schema);
    const hours = await db
      .selectFrom('search_stats_hourly')
      .select(['hour', 'action_taken', 'covered', 'wireless_only', 'searches'])
      .orderBy('hour')
      .orderBy('action_taken')
      .orderBy('covered')
      .orderBy('wireless_only')
      .execute();
    expect(hours.map((h) => ({ ...h, searches: Number(h.searches) }))).toEqual([
      { hour: '2026-11-20T10', action_taken: 'no_action', covered: 1, wireless_only: 0, searches: 2 },
      { hour: '2026-11-20T10', action_taken: 'no_action', covered: 1, wireless_only: 1, searches: 1 },
      { hour: '2026-11-21T09', action_taken: 'contact_me', covered: 1, wireless_only: 1, searches: 1 },
      { hour: '2026-11-21T09', action_taken: 'no_action', covered: 0, wireless_only: 0, searches: 1 },
    ]);
    const days = await db
      .selectFrom('search_stats_daily')
      .select(['day', 'covered', 'wireless_only', 'searches'])
      .orderBy('day')
      .orderBy('covered')
      .orderBy('wireless_only')
      .execute();
    expect(days.map((d) => [d.day, d.covered, d.wireless_only, Number(d.searches)])).toEqual([
      ['2026-11-20', 1, 0, 2],
      ['2026-11-20', 1, 1, 1],
      ['2026-11-21', 0, 0, 1],
      ['2026-11-21', 1, 1, 1],
    ]);
    expect(await db.selectFrom('search_log_towers').selectAll().execute()).toEqual([]);
  });

  it('removes the token of invitation links from stored mails at 0022: at once when sent, once sent when pending', async () => {
    const db = await emptyDatabase();
    const migrator = createMigrator(db, kind, schema);
    expect((await migrator.migrateTo('0021_login_challenge_attempts')).error).toBeUndefined();
    const now = new Date().toISOString();
    const link = 'https://map.example/admin/invitation?token=Ab-9_zQ';
    const mail = (mailKind: string, status: string) => ({
      kind: mailKind,
      to_address: 'sam@example.com',
      subject: mailKind,
      text_body: `Open the link\n\n${link}\n\nBye`,
      html_body: `<p><a href="${link}">Accept the invitation</a></p>`,
      status,
      next_attempt_at: now,
      created_at: now,
    });
    await db
      .insertInto('mail_outbox')
      .values([mail('user_invitation', 'sent'), mail('user_invitation', 'pending'), mail('lead_notice', 'sent')])
      .execute();

    await migrateToLatest(db, kind, schema);
    const rows = await db.selectFrom('mail_outbox').select(['text_body', 'html_body', 'kept_text_body', 'kept_html_body']).orderBy('id').execute();
    const removed = 'https://map.example/admin/invitation?token=removed-once-sent';
    expect(rows).toEqual([
      {
        text_body: `Open the link\n\n${removed}\n\nBye`,
        html_body: `<p><a href="${removed}">Accept the invitation</a></p>`,
        kept_text_body: null,
        kept_html_body: null,
      },
      {
        text_body: `Open the link\n\n${link}\n\nBye`,
        html_body: `<p><a href="${link}">Accept the invitation</a></p>`,
        kept_text_body: `Open the link\n\n${removed}\n\nBye`,
        kept_html_body: `<p><a href="${removed}">Accept the invitation</a></p>`,
      },
      // Other mail is left as it was (a lead notice's links are not one-time).
      {
        text_body: `Open the link\n\n${link}\n\nBye`,
        html_body: `<p><a href="${link}">Accept the invitation</a></p>`,
        kept_text_body: null,
        kept_html_body: null,
      },
    ]);
  });

  it('removes the tokens of waitlist links from stored mails at 0025, batch after batch: at once when sent, once sent when pending', async () => {
    const db = await emptyDatabase();
    const migrator = createMigrator(db, kind, schema);
    expect((await migrator.migrateTo('0024_scoped_report_indexes')).error).toBeUndefined();
    const now = new Date().toISOString();
    const confirm = 'https://map.example/api/waitlist/confirm?token=Cq1-_x9Zp';
    const unsubscribe = 'https://map.example/api/waitlist/unsubscribe?token=Uz8_-y7Xo';
    const mail = (mailKind: string, status: string) => ({
      kind: mailKind,
      to_address: 'naledi@example.com',
      subject: mailKind,
      text_body: `Confirm:\n${confirm}\n\nStop:\n${unsubscribe}`,
      html_body: `<a href="${confirm}">Confirm</a> <a href="${unsubscribe}">Unsubscribe</a>`,
      unsubscribe_url: unsubscribe,
      status,
      next_attempt_at: now,
      created_at: now,
    });
    // More than one batch of 500 sent confirmations, then one of each other case.
    await db
      .insertInto('mail_outbox')
      .values(Array.from({ length: 501 }, () => mail('waitlist_confirm', 'sent')))
      .execute();
    await db
      .insertInto('mail_outbox')
      .values([mail('waitlist_live', 'failed'), mail('waitlist_confirm', 'pending'), mail('lead_notice', 'sent')])
      .execute();

    await migrateToLatest(db, kind, schema);
    const rows = await db
      .selectFrom('mail_outbox')
      .select(['text_body', 'html_body', 'unsubscribe_url', 'kept_text_body', 'kept_html_body', 'kept_unsubscribe_url'])
      .orderBy('id')
      .execute();
    const removed = {
      text: 'Confirm:\nhttps://map.example/api/waitlist/confirm?token=removed-once-sent\n\nStop:\nhttps://map.example/api/waitlist/unsubscribe?token=removed-once-sent',
      html: '<a href="https://map.example/api/waitlist/confirm?token=removed-once-sent">Confirm</a> <a href="https://map.example/api/waitlist/unsubscribe?token=removed-once-sent">Unsubscribe</a>',
      unsubscribe: 'https://map.example/api/waitlist/unsubscribe?token=removed-once-sent',
    };
    const asStored = mail('lead_notice', 'sent');
    const left = {
      text_body: removed.text,
      html_body: removed.html,
      unsubscribe_url: removed.unsubscribe,
      kept_text_body: null,
      kept_html_body: null,
      kept_unsubscribe_url: null,
    };
    expect(rows).toHaveLength(504);
    expect(rows.slice(0, 502)).toEqual(Array.from({ length: 502 }, () => left));
    expect(rows.slice(502)).toEqual([
      {
        text_body: asStored.text_body,
        html_body: asStored.html_body,
        unsubscribe_url: unsubscribe,
        kept_text_body: removed.text,
        kept_html_body: removed.html,
        kept_unsubscribe_url: removed.unsubscribe,
      },
      // Other mail is left as it was.
      {
        text_body: asStored.text_body,
        html_body: asStored.html_body,
        unsubscribe_url: unsubscribe,
        kept_text_body: null,
        kept_html_body: null,
        kept_unsubscribe_url: null,
      },
    ]);
  });

  it('links invitation mails to their invitation at 0022, dates when each mail finished, and indexes both', async () => {
    const db = await emptyDatabase();
    const migrator = createMigrator(db, kind, schema);
    expect((await migrator.migrateTo('0021_login_challenge_attempts')).error).toBeUndefined();
    const invitation = async (email: string, createdAt: string) =>
      (
        await db
          .insertInto('user_invitations')
          .values({ email, role: 'viewer', token_hash: `hash-${email}-${createdAt}`, created_at: createdAt, expires_at: '2026-12-01T00:00:00.000Z' })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
    // Sam was invited twice (the first ended), and Kim once; each mail queued in its invitation's transaction.
    const samFirst = await invitation('sam@example.com', '2026-11-10T08:00:00.000Z');
    const samAgain = await invitation('sam@example.com', '2026-11-20T08:00:00.000Z');
    const kim = await invitation('kim@example.com', '2026-11-20T08:00:00.100Z');
    const mail = (to: string, createdAt: string, status: string, sentAt: string | null = null, kind = 'user_invitation') => ({
      kind,
      to_address: to,
      subject: `${to} ${createdAt}`,
      text_body: 'text',
      html_body: 'html',
      status,
      next_attempt_at: status === 'failed' ? '2026-11-13T08:00:00.000Z' : createdAt,
      created_at: createdAt,
      sent_at: sentAt,
    });
    await db
      .insertInto('mail_outbox')
      .values([
        mail('sam@example.com', '2026-11-10T08:00:00.004Z', 'failed'),
        mail('sam@example.com', '2026-11-20T08:00:00.006Z', 'pending'),
        mail('kim@example.com', '2026-11-20T08:00:00.120Z', 'sent', '2026-11-20T08:00:05.000Z'),
        // Its invitation was deleted (ended beyond the bound): nothing to link.
        mail('lee@example.com', '2026-11-18T08:00:00.000Z', 'pending'),
        mail('sam@example.com', '2026-11-20T08:00:00.006Z', 'sent', '2026-11-21T08:00:00.000Z', 'lead_notice'),
      ])
      .execute();

    await migrateToLatest(db, kind, schema);
    const rows = await db.selectFrom('mail_outbox').select(['invitation_id', 'finished_at']).orderBy('id').execute();
    expect(rows).toEqual([
      // Given up: it finished at its last attempt.
      { invitation_id: samFirst, finished_at: '2026-11-13T08:00:00.000Z' },
      { invitation_id: samAgain, finished_at: null },
      { invitation_id: kim, finished_at: '2026-11-20T08:00:05.000Z' },
      { invitation_id: null, finished_at: null },
      { invitation_id: null, finished_at: '2026-11-21T08:00:00.000Z' },
    ]);
    const indexes =
      kind === 'sqlite'
        ? await sql<{ name: string }>`select name from sqlite_master where type = 'index' and tbl_name = 'mail_outbox'`.execute(db)
        : await sql<{ name: string }>`select indexname as name from pg_indexes where schemaname = ${schema} and tablename = 'mail_outbox'`.execute(db);
    expect(indexes.rows.map((row) => row.name)).toEqual(expect.arrayContaining(['mail_outbox_finished', 'mail_outbox_invitation']));
  });

  it('runs the whole history on an empty database', async () => {
    const db = await emptyDatabase();
    await migrateToLatest(db, kind, schema);
    const revision = await sql<{ revision: number }>`select revision from coverage_revision where id = 1`.execute(db);
    expect(Number(revision.rows[0]?.revision)).toBe(0);
  });
});

// Several deployments (or test runs) on one PostgreSQL: each migrates its own schema while others
// create, alter and drop theirs. Kysely's own introspection read every schema of the database, and
// failed with 'schema "…" does not exist' when one was dropped meanwhile (schemaScopedPostgres.ts).
describe.skipIf(!process.env.TEST_DATABASE_URL)('migrations beside other schemas of the database', () => {
  it('sees, when it looks for its own tables, only the schemas on its search_path', async () => {
    const url = process.env.TEST_DATABASE_URL as string;
    const [mine, other] = [`migrate_${randomBytes(4).toString('hex')}`, `other_${randomBytes(4).toString('hex')}`];
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`create schema "${mine}"; create table "${mine}".own (id int); create schema "${other}"; create table "${other}".foreign_table (id int)`);
    const db = new Kysely<any>({
      dialect: createDialect({ kind: 'postgres', url, schema: mine, timeouts: { connectMs: 3000, statementMs: 5000 } }, silentLog, 'migrate'),
    });
    try {
      const tables = await db.introspection.getTables({ withInternalKyselyTables: true });
      expect(tables.map(({ schema, name }) => `${schema}.${name}`)).toEqual([`${mine}.own`]);
      expect((await db.introspection.getSchemas()).map(({ name }) => name)).toEqual(expect.arrayContaining([mine, other]));
    } finally {
      await db.destroy();
      await admin.query(`drop schema "${mine}" cascade; drop schema "${other}" cascade`);
      await admin.end();
    }
  });

  it("migrates its own schema while other schemas are created, altered and dropped, whatever the others' timing", async () => {
    const url = process.env.TEST_DATABASE_URL as string;
    const connect = async () => {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      return client;
    };
    // Four other deployments, each creating a schema of 20 tables, altering them and dropping it, over and over.
    const tables = (other: string) =>
      Array.from(
        { length: 20 },
        (_, t) => `create table "${other}".t${t} (id serial primary key, a int, b text); alter table "${other}".t${t} drop column a;`,
      ).join(' ');
    const others = await Promise.all(Array.from({ length: 4 }, connect));
    let stopped = false;
    // Load, not a wait: other schemas appear, change and vanish as fast as the server allows until the migrations are done.
    const churning = others.map(async (client) => {
      let rounds = 0;
      while (!stopped) {
        const other = `churn_${randomBytes(4).toString('hex')}`;
        await client.query(`create schema "${other}"; ${tables(other)} drop schema "${other}" cascade`);
        rounds++;
      }
      return rounds;
    });
    const admin = await connect();
    try {
      for (let deployment = 0; deployment < 16; deployment++) {
        const schema = `migrate_${randomBytes(4).toString('hex')}`;
        const db = new Kysely<any>({
          dialect: createDialect({ kind: 'postgres', url, schema, timeouts: { connectMs: 3000, statementMs: 5000 } }, silentLog, 'migrate'),
        });
        try {
          await migrateToLatest(db, 'postgres', schema);
          const { rows } = await sql<{ n: number }>`select count(*)::int as n from information_schema.tables where table_schema = ${schema}`.execute(db);
          expect(rows[0]?.n).toBeGreaterThan(10);
        } finally {
          await db.destroy();
          await admin.query(`drop schema if exists "${schema}" cascade`);
        }
      }
    } finally {
      stopped = true;
      const rounds = await Promise.all(churning);
      await Promise.all([...others, admin].map((client) => client.end()));
      // The others really did work meanwhile.
      expect(Math.min(...rounds)).toBeGreaterThan(0);
    }
  }, 60_000);
});
