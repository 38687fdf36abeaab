import { describe, expect, it } from 'vitest';
import { sectorInput } from '../../../common/api/sectors.js';
import { towerInput } from '../../../common/api/towers.js';
import {
  countImportRows,
  INVALID_JSON,
  NOT_AN_ARRAY,
  parseImportJson,
  parseTowerCsv,
  readyToImportText,
  rowsToJsonText,
  SECTOR_CSV_EXAMPLE,
  TOWER_CSV_EXAMPLE,
  TOWER_JSON_EXAMPLE,
} from './bulkImportText.js';

describe('bulk import JSON', () => {
  it('takes a JSON list of towers', () => {
    expect(parseImportJson('[{"name":"A"}, {"name":"B"}]')).toEqual({ rows: [{ name: 'A' }, { name: 'B' }] });
    expect(parseImportJson(' [] ')).toEqual({ rows: [] });
  });

  it('gives the SPEC messages for text that is not JSON, or not a list', () => {
    expect(parseImportJson('[{"name": "A",]')).toEqual({ error: INVALID_JSON });
    expect(parseImportJson('')).toEqual({ error: INVALID_JSON });
    expect(parseImportJson('{"name": "A"}')).toEqual({ error: NOT_AN_ARRAY });
    expect(parseImportJson('null')).toEqual({ error: NOT_AN_ARRAY });
    expect(INVALID_JSON).toBe('Invalid JSON format');
    expect(NOT_AN_ARRAY).toBe('Data must be an array of tower objects');
  });

  it('writes rows back as one tower per line, which parses to the same rows', () => {
    const rows = [{ name: 'A', latitude: '1' }, { name: 'B' }];
    const text = rowsToJsonText(rows);
    expect(text.split('\n')).toHaveLength(4);
    expect(parseImportJson(text)).toEqual({ rows });
    expect(rowsToJsonText([])).toBe('[]');
  });
});

describe('bulk import CSV', () => {
  it('reads a header row and data lines as text rows, skipping blank lines and keeping quoted commas', () => {
    const csv = [
      '\uFEFFname,latitude,longitude,height_meters,antenna_height_meters,frequency_ghz,power_dbm,coverage_radius_km,code,description,active,installed_date,provider_id',
      'Signal Hill,-33.918,18.403,18,6,5.2,23,8,SH-2,"Near the gun, facing west",false,2023-06-01,3',
      '',
      'Blaauwberg,-33.804,18.465,24,,,,,,,,,',
      '   ',
    ].join('\r\n');
    expect(parseTowerCsv(csv)).toEqual({
      rows: [
        {
          name: 'Signal Hill',
          latitude: '-33.918',
          longitude: '18.403',
          height_meters: '18',
          antenna_height_meters: '6',
          frequency_ghz: '5.2',
          power_dbm: '23',
          coverage_radius_km: '8',
          code: 'SH-2',
          description: 'Near the gun, facing west',
          active: 'false',
          installed_date: '2023-06-01',
          provider_id: '3',
        },
        {
          name: 'Blaauwberg',
          latitude: '-33.804',
          longitude: '18.465',
          height_meters: '24',
          antenna_height_meters: '',
          frequency_ghz: '',
          power_dbm: '',
          coverage_radius_km: '',
          code: '',
          description: '',
          active: '',
          installed_date: '',
          provider_id: '',
        },
      ],
      warnings: [],
    });
  });

  it('takes the required columns alone, in any order and case, and says which columns it ignored', () => {
    const result = parseTowerCsv('Height_Meters, Name ,latitude,longitude,owner\n30,Mast,-34,18.5,Telkom\n');
    expect(result).toEqual({
      rows: [{ name: 'Mast', latitude: '-34', longitude: '18.5', height_meters: '30' }],
      warnings: ['Columns ignored: owner'],
    });
  });

  it('keeps the sector columns, so a sector row reaches the server with the tower it names', () => {
    const result = parseTowerCsv(
      'name,latitude,longitude,height_meters,sector_of,azimuth_deg,downtilt_deg,antenna_pattern_id,height_m\nMast,-34,18.5,30,,,,,\nNorth,,,,Mast,0,2,2,35\n',
    );
    expect(result).toEqual({
      rows: [
        {
          name: 'Mast',
          latitude: '-34',
          longitude: '18.5',
          height_meters: '30',
          sector_of: '',
          azimuth_deg: '',
          downtilt_deg: '',
          antenna_pattern_id: '',
          height_m: '',
        },
        {
          name: 'North',
          latitude: '',
          longitude: '',
          height_meters: '',
          sector_of: 'Mast',
          azimuth_deg: '0',
          downtilt_deg: '2',
          antenna_pattern_id: '2',
          height_m: '35',
        },
      ],
      warnings: [],
    });
  });

  it('refuses a file without the required columns, and reports lines that do not fit the header', () => {
    expect(parseTowerCsv('name,lat,lng\nA,1,2')).toEqual({
      error: 'The CSV header row must include name, latitude, longitude, height_meters (missing: latitude, longitude, height_meters)',
    });
    const short = parseTowerCsv('name,latitude,longitude,height_meters\nA,1,2\nB,1,2,30');
    expect('rows' in short && short.rows.length).toBe(2);
    expect('warnings' in short && short.warnings[0]).toMatch(/^Line 2: /);
  });
});

describe('bulk import examples', () => {
  it('shows a JSON and a CSV example that hold the same towers, each row one the server stores', () => {
    const json = parseImportJson(TOWER_JSON_EXAMPLE);
    const csv = parseTowerCsv(TOWER_CSV_EXAMPLE);
    if (!('rows' in json) || !('rows' in csv)) throw new Error('an example does not parse');
    expect(csv.warnings).toEqual([]);
    expect(json.rows).toHaveLength(2);
    // The server's own rule for each row (POST /api/towers/bulk-import checks every row with it).
    const stored = (rows: unknown[]) => rows.map((row) => towerInput.parse(row));
    expect(stored(csv.rows)).toEqual(stored(json.rows));
  });
});

describe('bulk import counts', () => {
  it('counts sector rows and nested sectors as sectors, apart from the towers', () => {
    const rows = [
      { name: 'Signal Hill', code: 'SH-1', sectors: [{ name: 'East' }] },
      { name: 'North', sector_of: 'SH-1' },
      { name: 'Blaauwberg', sector_of: '' },
      { name: 'South', sector_of: 'SH-1' },
    ];
    expect(countImportRows(rows)).toEqual({ towers: 2, sectors: 3 });
    expect(readyToImportText(rows)).toBe('2 towers and 3 sectors ready to import');
    expect(readyToImportText([{ name: 'A' }])).toBe('1 tower ready to import');
  });

  it('shows a CSV example with sectors: one tower and two sector rows, each as the server takes it', () => {
    const csv = parseTowerCsv(SECTOR_CSV_EXAMPLE);
    if (!('rows' in csv)) throw new Error('the example does not parse');
    expect(csv.warnings).toEqual([]);
    expect(countImportRows(csv.rows)).toEqual({ towers: 1, sectors: 2 });
    const [tower, ...sectors] = csv.rows;
    expect(towerInput.parse(tower).name).toBe('Signal Hill');
    expect(sectors.map(({ sector_of: _, ...sector }) => sectorInput.parse(sector))).toMatchObject([
      { name: 'North', azimuth_deg: 0, downtilt_deg: 2, antenna_pattern_id: 2 },
      { name: 'South', azimuth_deg: 180, downtilt_deg: 2, antenna_pattern_id: 2 },
    ]);
  });
});
