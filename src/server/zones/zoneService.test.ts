import { describe, expect, it } from 'vitest';
import { ZONE_FILE_NO_POLYGONS_MESSAGE, ZONE_PROVIDER_LOCKED_MESSAGE, ZONE_TOO_MANY_VERTICES_MESSAGE, type ZoneInput } from '../../common/api/zones.js';
import { packRing } from '../../geo/packedGeometry.js';
import { ConflictError, NotFoundError, ValidationError } from '../errors.js';
import { newZoneService } from '../testing/services.js';
import { memoryZones, zoneRecord } from '../testing/zoneFakes.js';
import { ZONE_LIST_LIMIT } from './zoneRepository.js';

const SQUARE: [number, number][] = [
  [20, -34.6],
  [20.1, -34.6],
  [20.1, -34.5],
  [20, -34.5],
  [20, -34.6],
];
const BOW_TIE: [number, number][] = [
  [20, -34.6],
  [20.1, -34.5],
  [20.1, -34.6],
  [20, -34.5],
  [20, -34.6],
];
const input = (fields: Partial<ZoneInput> = {}): ZoneInput => ({
  name: 'Bredasdorp',
  provider_id: 1,
  goal: 120,
  geometry: { type: 'Polygon', coordinates: [SQUARE] },
  active: true,
  ...fields,
});

describe('ZoneService.create', () => {
  it('stores the outline with its vertex count and box and answers the admin zone', async () => {
    const { service, zones } = newZoneService();
    const zone = await service.create(input({ deadline: '2027-03-31' }));
    expect(zone).toMatchObject({
      id: 1,
      name: 'Bredasdorp',
      provider_name: 'Overberg Fibre',
      goal: 120,
      vertex_count: 4,
      deadline: '2027-03-31',
      message: null,
    });
    expect(zones.rows[0]).toMatchObject({ west: 20, south: -34.6, east: 20.1, north: -34.5, vertex_count: 4 });
  });

  it('refuses an outline that crosses itself, naming where, and stores nothing', async () => {
    const { service, zones } = newZoneService();
    await expect(service.create(input({ geometry: { type: 'Polygon', coordinates: [BOW_TIE] } }))).rejects.toThrow(
      new ValidationError("The zone's outline crosses itself near -34.55000, 20.05000"),
    );
    expect(zones.rows).toEqual([]);
  });

  it('refuses more than 50,000 vertices even when the schema was skipped', async () => {
    const ring = Array.from({ length: 50_001 }, (_, k): [number, number] => [
      20 + 0.1 * Math.cos((2 * Math.PI * k) / 50_001),
      -34.5 + 0.1 * Math.sin((2 * Math.PI * k) / 50_001),
    ]);
    const { service } = newZoneService();
    await expect(service.create(input({ geometry: { type: 'Polygon', coordinates: [[...ring, ring[0]!]] } }))).rejects.toThrow(
      new ValidationError(ZONE_TOO_MANY_VERTICES_MESSAGE),
    );
  });

  it('refuses an unknown provider and a zone past the limit', async () => {
    const { service, zones } = newZoneService();
    await expect(service.create(input({ provider_id: 2 }))).rejects.toThrow(new ValidationError('Provider not found'));
    for (let id = 1; id <= ZONE_LIST_LIMIT; id++) zones.rows.push(zoneRecord({ id }));
    await expect(service.create(input())).rejects.toBeInstanceOf(ConflictError);
  });
});

describe('ZoneService.update and delete', () => {
  it('keeps the fields left out, checks and measures a new outline, and answers 404 for an unknown zone', async () => {
    const { service, zones } = newZoneService();
    zones.rows.push(zoneRecord({ message: 'Help bring fibre' }));
    const moved = SQUARE.map(([lng, lat]): [number, number] => [lng + 1, lat]);

    const zone = await service.update(1, { goal: 50, geometry: { type: 'MultiPolygon', coordinates: [[moved]] } });

    expect(zone).toMatchObject({ goal: 50, message: 'Help bring fibre', name: 'Bredasdorp' });
    expect(zones.rows[0]).toMatchObject({ west: 21, east: 21.1, vertex_count: 4 });
    await expect(service.update(1, { geometry: { type: 'Polygon', coordinates: [BOW_TIE] } })).rejects.toBeInstanceOf(ValidationError);
    await expect(service.update(2, { goal: 5 })).rejects.toBeInstanceOf(NotFoundError);
    await expect(service.delete(2)).rejects.toBeInstanceOf(NotFoundError);
    await service.delete(1);
    expect(zones.rows).toEqual([]);
  });

  it('keeps the provider of a zone that has entries of any status, and moves one that has none', async () => {
    const zones = memoryZones({ 1: 'Overberg Fibre', 2: 'Cape Wireless' });
    zones.rows.push(zoneRecord({ id: 1 }), zoneRecord({ id: 2, name: 'Elim' }));
    zones.entries.set(1, 1);
    const { service } = newZoneService({ zones });

    await expect(service.update(1, { provider_id: 2, goal: 9 })).rejects.toThrow(new ConflictError(ZONE_PROVIDER_LOCKED_MESSAGE));
    expect(zones.rows[0]).toMatchObject({ provider_id: 1, goal: 3 });
    expect(await service.update(1, { provider_id: 1, goal: 9 })).toMatchObject({ provider_id: 1, goal: 9 });
    expect(await service.update(2, { provider_id: 2 })).toMatchObject({ provider_id: 2, provider_name: 'Cape Wireless' });
    await expect(service.update(3, { provider_id: 2 })).rejects.toBeInstanceOf(NotFoundError);
  });
});

describe('ZoneService writes', () => {
  it("move the public list's version when a zone is added, changed or deleted, and not when refused", async () => {
    const { service, listVersion } = newZoneService();
    const moves: number[] = [listVersion.current];
    await service.create(input());
    moves.push(listVersion.current);
    await service.update(1, { goal: 9 });
    moves.push(listVersion.current);
    await expect(service.update(2, { goal: 9 })).rejects.toBeInstanceOf(NotFoundError);
    moves.push(listVersion.current);
    await service.delete(1);
    moves.push(listVersion.current);
    expect(moves).toEqual([0, 1, 2, 2, 3]);
  });
});

describe('ZoneService.listPublic', () => {
  it('answers active zones only, with their confirmed counts and parsed geometry', async () => {
    const zones = memoryZones();
    zones.rows.push(zoneRecord({ id: 1, name: 'Arniston' }), zoneRecord({ id: 2, name: 'Elim', active: false }));
    zones.confirmed.set(1, 7);
    const { service } = newZoneService({ zones });
    const listed = await service.listPublic();
    expect(listed.map((zone) => [zone.name, zone.confirmed_count])).toEqual([['Arniston', 7]]);
    expect(listed[0]!.geometry).toEqual({ type: 'Polygon', coordinates: [SQUARE] });
    expect(listed[0]).not.toHaveProperty('active');
  });
});

describe('ZoneService.geometryFromFile', () => {
  it("answers the file's polygons as one MultiPolygon of closed rings", async () => {
    const { service, readPolygonFile } = newZoneService();
    readPolygonFile.mockResolvedValue([[packRing(SQUARE.slice(0, 4))], [packRing(SQUARE.map(([lng, lat]) => [lng + 1, lat]))]]);
    const { geometry } = await service.geometryFromFile({ fileName: 'zone.kml', bytes: new Uint8Array([0x3c]) });
    expect(geometry).toEqual({ type: 'MultiPolygon', coordinates: [[SQUARE], [SQUARE.map(([lng, lat]) => [lng + 1, lat])]] });
    expect(readPolygonFile.mock.calls[0]![0].limits.maxKmlBytes).toBe(10 * 1024 * 1024);
  });

  it('refuses a file without polygons and one whose outline crosses itself', async () => {
    const { service, readPolygonFile } = newZoneService();
    readPolygonFile.mockResolvedValueOnce([]);
    await expect(service.geometryFromFile({ fileName: 'zone.kml', bytes: new Uint8Array([0x3c]) })).rejects.toThrow(
      new ValidationError(ZONE_FILE_NO_POLYGONS_MESSAGE),
    );
    readPolygonFile.mockResolvedValueOnce([[packRing(BOW_TIE)]]);
    await expect(service.geometryFromFile({ fileName: 'zone.kml', bytes: new Uint8Array([0x3c]) })).rejects.toThrow(
      /crosses itself near -34\.55000, 20\.05000/,
    );
  });
});
