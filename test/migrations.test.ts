import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Kysely, Migrator, sql } from 'kysely';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { decodePackedCollection } from '../src/geo/packedCollection.js';
import type { DatabaseConfig } from '../src/server/config.js';
import { createDialect } from '../src/server/db/dialect.js';
import { migrateToLatest, migrationProvider } from '../src/server/db/migrate.js';
import { databaseKinds } from './support/testApp.js';

describe.each(databaseKinds())('migrations on %s', (kind) => {
  const cleanups: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  async function emptyDatabase(): Promise<Kysely<any>> {
    let config: DatabaseConfig;
    if (kind === 'sqlite') {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'migrate-test-'));
      config = { kind: 'sqlite', file: path.join(dir, 'db.sqlite') };
      cleanups.push(async () => fs.rmSync(dir, { recursive: true, force: true }));
    } else {
      const schema = `migrate_${randomBytes(4).toString('hex')}`;
      const url = process.env.TEST_DATABASE_URL as string;
      const admin = new pg.Client({ connectionString: url });
      await admin.connect();
      await admin.query(`create schema "${schema}"`);
      await admin.end();
      config = { kind: 'postgres', url, schema };
      cleanups.push(async () => {
        const client = new pg.Client({ connectionString: url });
        await client.connect();
        await client.query(`drop schema if exists "${schema}" cascade`);
        await client.end();
      });
    }
    const db = new Kysely<any>({ dialect: createDialect(config) });
    cleanups.push(() => db.destroy());
    return db;
  }

  it('moves GeoJSON stored before 0003 into the packed geometry column, keeping every polygon', async () => {
    const db = await emptyDatabase();
    const migrator = new Migrator({ db, provider: migrationProvider(kind) });
    expect((await migrator.migrateTo('0002_coverage_engine')).error).toBeUndefined();

    const now = new Date().toISOString();
    const { id: providerId } = await db
      .insertInto('providers')
      .values({ name: 'Old', created_at: now, updated_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    const geojson = {
      type: 'FeatureCollection',
      features: [
        { type: 'Feature', properties: { name: 'a', color: '#ff6600' }, geometry: { type: 'Polygon', coordinates: [[[18, -34], [18.1, -34], [18.1, -33.9], [18, -34]]] } },
        { type: 'Feature', properties: { name: 'b', color: null }, geometry: { type: 'MultiPolygon', coordinates: [[[[1, 1], [2, 1], [2, 2], [1, 1]]], [[[3, 3], [4, 3], [4, 4], [3, 3]]]] } },
      ],
    };
    await db
      .insertInto('coverage_layers')
      .values({ name: 'L', provider_id: providerId, services: '[]', geojson: JSON.stringify(geojson), created_at: now, updated_at: now })
      .execute();

    await migrateToLatest(db, kind);
    const row = await db.selectFrom('coverage_layers').selectAll().executeTakeFirstOrThrow();
    expect(row).not.toHaveProperty('geojson');
    const features = decodePackedCollection<{ name: string | null; color: string | null }>(row.geometry);
    expect(features.map((f) => f.properties)).toEqual([{ name: 'a', color: '#ff6600' }, { name: 'b', color: null }]);
    expect(Array.from(features[0]!.polygons[0]![0]!)).toEqual([18, -34, 18.1, -34, 18.1, -33.9, 18, -34]);
    expect(features[1]!.polygons).toHaveLength(2);
  });

  it('runs the whole history on an empty database', async () => {
    const db = await emptyDatabase();
    await migrateToLatest(db, kind);
    const revision = await sql<{ revision: number }>`select revision from coverage_revision where id = 1`.execute(db);
    expect(Number(revision.rows[0]?.revision)).toBe(0);
  });
});
