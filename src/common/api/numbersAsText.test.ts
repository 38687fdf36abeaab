import { describe, expect, it } from 'vitest';
import { coverageCheckQuery, coverageTileParams } from './coverage.js';
import { losPointQuery } from './lineOfSight.js';
import { apiTestRequest } from './providers.js';
import { leadsQuery, mapDataQuery } from './reports.js';
import { towerInput, towerUpdate } from './towers.js';

/** Notations Number() reads that a person writing a number does not mean. */
const NOT_DECIMAL = ['0x1e', '0b1', '0o7', 'Infinity'];

const tower = { name: 'Table Mountain', latitude: '-33.9628', longitude: '18.4098', height_meters: '30' };

describe('numbers given as text, in every schema that reads them', () => {
  it('takes decimal notation', () => {
    expect(towerInput.parse({ ...tower, power_dbm: '2.3e1' })).toMatchObject({ latitude: -33.9628, longitude: 18.4098, height_meters: 30, power_dbm: 23 });
    expect(coverageCheckQuery.parse({ lat: '-33.92', lng: '18.42' })).toMatchObject({ lat: -33.92, lng: 18.42 });
    expect(coverageTileParams.parse({ z: '10', x: '563', y: '612' })).toEqual({ z: 10, x: 563, y: 612 });
    expect(losPointQuery.parse({ lat: '-33.92', lng: '18.42', height: '10' })).toEqual({ lat: -33.92, lng: 18.42, height: 10 });
    expect(apiTestRequest.parse({ api_endpoint_url: 'https://isp.example/api', test_lat: '-34', test_lng: '18.5' })).toMatchObject({
      test_lat: -34,
      test_lng: 18.5,
    });
    expect(leadsQuery.parse({ limit: '25' })).toMatchObject({ limit: 25 });
    expect(mapDataQuery.parse({ zoom: '7', west: '18', south: '-34', east: '19', north: '-33' })).toMatchObject({
      zoom: 7,
      west: 18,
      south: -34,
      east: 19,
      north: -33,
    });
  });

  it('refuses hexadecimal, binary, octal and Infinity in towers, on create, update and bulk import rows', () => {
    for (const value of NOT_DECIMAL) {
      for (const field of ['latitude', 'longitude', 'height_meters', 'antenna_height_meters', 'frequency_ghz', 'power_dbm', 'coverage_radius_km']) {
        expect(towerInput.safeParse({ ...tower, [field]: value }).success, `${field}: ${value}`).toBe(false);
        expect(towerUpdate.safeParse({ [field]: value }).success, `${field}: ${value}`).toBe(false);
      }
    }
  });

  it('refuses them in coordinates, tiles and report queries', () => {
    for (const value of NOT_DECIMAL) {
      expect(coverageCheckQuery.safeParse({ lat: value, lng: '18' }).success, value).toBe(false);
      expect(coverageCheckQuery.safeParse({ lat: '-33', lng: value }).success, value).toBe(false);
      expect(coverageTileParams.safeParse({ z: value, x: '0', y: '0' }).success, value).toBe(false);
      expect(coverageTileParams.safeParse({ z: '10', x: value, y: '0' }).success, value).toBe(false);
      expect(losPointQuery.safeParse({ lat: value, lng: '18' }).success, value).toBe(false);
      expect(apiTestRequest.safeParse({ api_endpoint_url: 'https://isp.example/api', test_lat: value }).success, value).toBe(false);
      expect(leadsQuery.safeParse({ limit: value }).success, value).toBe(false);
      expect(mapDataQuery.safeParse({ zoom: value }).success, value).toBe(false);
      expect(mapDataQuery.safeParse({ west: value }).success, value).toBe(false);
    }
  });

  it('gives a line-of-sight height that is not decimal the default height, as any other invalid height', () => {
    expect(losPointQuery.parse({ lat: '-33', lng: '18', height: '0x1e' })).toMatchObject({ height: 2 });
    expect(losPointQuery.parse({ lat: '-33', lng: '18', height: 'tall' })).toMatchObject({ height: 2 });
  });
});
