import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ANTENNA_PATTERN_MAX_FILE_BYTES } from '../src/common/api/antennaPatterns.js';
import { BUILTIN_PATTERNS } from '../src/geo/rf/antenna/builtinPatterns.js';
import { readAntennaPattern } from '../src/geo/rf/antenna/readAntennaPattern.js';
import { type MultipartFile, multipartBody } from './support/multipart.js';
import { bearer, createTestApp, databaseKinds, signIn, type TestApp } from './support/testApp.js';

/** A sector falling 3 dB at ±30°, as a vendor's Planet/MSI file writes it. */
const msiTable = () => Array.from({ length: 360 }, (_, deg) => `${deg} ${(Math.min(deg, 360 - deg) / 10).toFixed(1)}`);
const MSI = ['NAME Vendor 90', 'GAIN 16 dBi', 'HORIZONTAL 360', ...msiTable(), 'VERTICAL 360', ...msiTable()].join('\n');
const ANT = Array.from({ length: 360 }, (_, deg) => (deg === 0 ? '0' : '-3')).join('\n');
/** SPLAT!'s .az: rotation 30°, then azimuth and normalised field; .el: a 4° tilt toward 30°, then elevation and field. */
const AZ = '30\n0 1\n90 0.5\n180 0.1\n270 0.5\n';
const EL = '4 30\n-10 0.3\n0 1\n90 0.1\n';

const part = (filename: string, text: string): MultipartFile => ({ field: 'file', filename, contentType: 'text/plain', bytes: Buffer.from(text) });

describe.each(databaseKinds())('antenna patterns on %s', (kind) => {
  let app: TestApp;
  let token: string;

  beforeEach(async () => {
    app = await createTestApp(kind);
    token = await signIn(app);
  });
  afterEach(() => app.close());

  const send = (method: 'GET' | 'POST' | 'DELETE', url: string, payload?: unknown) =>
    app.server.inject({ method, url, headers: bearer(token), ...(payload === undefined ? {} : { payload: payload as object }) });
  const upload = (fields: Record<string, string>, files: MultipartFile[]) => {
    const body = multipartBody(fields, files);
    return app.server.inject({ method: 'POST', url: '/api/antenna_patterns', headers: { ...bearer(token), ...body.headers }, payload: body.payload });
  };
  const list = async () => (await send('GET', '/api/antenna_patterns')).json().data as Array<Record<string, unknown>>;

  it('lists the built-in patterns without their tables, and answers one with them', async () => {
    const patterns = await list();
    expect(patterns.map((p) => [p.name, p.format, p.builtin, p.file_name, p.sector_count])).toEqual([
      ['Generic 120° sector', 'builtin', true, null, 0],
      ['Generic 60° sector', 'builtin', true, null, 0],
      ['Generic 90° sector', 'builtin', true, null, 0],
      ['Generic small dish (5° beam)', 'builtin', true, null, 0],
    ]);
    expect(patterns[0]).not.toHaveProperty('horizontal_db');
    // The 3GPP model falls 3 dB at half its beamwidth in both cuts: the sectors' 6° vertical beam; the dish's 5°
    // read from its 1° table, 12·(d/5)² being 1.92 dB at 2° and 4.32 dB at 3°: 3 dB at 2.45°, so 4.9° wide.
    expect(patterns.map((p) => [p.horizontal_beamwidth_deg, p.vertical_beamwidth_deg])).toEqual([
      [120, 6],
      [60, 6],
      [90, 6],
      [4.9, 4.9],
    ]);
    const sector90 = patterns.find((p) => p.name === 'Generic 90° sector')!;
    expect(sector90.peak_gain_dbi).toBe(16.3);
    const detail = (await send('GET', `/api/antenna_patterns/${sector90.id}`)).json().data;
    expect(detail.horizontal_db).toHaveLength(360);
    expect(detail.vertical_db).toHaveLength(360);
    // 3 dB down at 45° off the boresight: the 90° sector's half-power beamwidth.
    expect(detail.horizontal_db[45]).toBeCloseTo(3, 10);
    expect(detail.horizontal_db[0]).toBe(0);
    const missing = await send('GET', '/api/antenna_patterns/999999');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('Antenna pattern not found');
  });

  it('stores the built-ins exactly as builtinPatterns.ts computes them', async () => {
    const listed = await list();
    for (const builtin of BUILTIN_PATTERNS) {
      const id = listed.find((p) => p.name === builtin.pattern.name)?.id;
      const stored = (await send('GET', `/api/antenna_patterns/${id}`)).json().data;
      expect(stored).toMatchObject({ format: 'builtin', peak_gain_dbi: builtin.pattern.gainDbi, tilt_deg: 0 });
      expect(stored.horizontal_db).toEqual(builtin.pattern.horizontalDb);
      expect(stored.vertical_db).toEqual(builtin.pattern.verticalDb);
    }
  });

  it('uploads a Planet/MSI file, its name and gain read from the file, its tables exactly as read', async () => {
    const response = await upload({}, [part('vendor.msi', MSI)]);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().message).toBe('Antenna pattern uploaded successfully');
    const created = response.json().data;
    expect(created).toMatchObject({ name: 'Vendor 90', format: 'planet_msi', file_name: 'vendor.msi', peak_gain_dbi: 16, builtin: false, tilt_deg: 0 });
    const stored = (await send('GET', `/api/antenna_patterns/${created.id}`)).json().data;
    const read = readAntennaPattern([{ fileName: 'vendor.msi', text: MSI }]);
    expect(stored.horizontal_db).toEqual(read.horizontalDb);
    expect(stored.vertical_db).toEqual(read.verticalDb);
    expect(stored.vertical_db[30]).toBeCloseTo(3, 10);
    // 3 dB down at ±30° in both cuts.
    expect(stored).toMatchObject({ horizontal_beamwidth_deg: 60, vertical_beamwidth_deg: 60 });
  });

  it('uploads a Radio Mobile .ant with the gain given beside it, and asks for the gain without', async () => {
    const noGain = await upload({ name: 'RM sector' }, [part('rm.ant', ANT)]);
    expect(noGain.statusCode).toBe(400);
    expect(noGain.json().message).toMatch(/Radio Mobile .ant files carry no gain: give gain_dbi/);
    const response = await upload({ name: 'RM sector', gain_dbi: '14.5' }, [part('rm.ant', ANT)]);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data).toMatchObject({ name: 'RM sector', format: 'radio_mobile_ant', peak_gain_dbi: 14.5, file_name: 'rm.ant' });
    const badGain = await upload({ gain_dbi: '75' }, [part('rm.ant', ANT)]);
    expect(badGain.json().message).toBe('Gain must be between -20 and 60 dBi');
  });

  it("uploads SPLAT!'s .az and .el as two file parts, and an .az alone with a flat vertical pattern", async () => {
    const both = await upload({ name: 'SPLAT sector', gain_dbi: '18' }, [part('sector.el', EL), part('sector.az', AZ)]);
    expect(both.statusCode, both.body).toBe(200);
    expect(both.json().data).toMatchObject({
      name: 'SPLAT sector',
      format: 'splat',
      peak_gain_dbi: 18,
      tilt_deg: 4,
      tilt_azimuth_deg: 30,
      file_name: 'sector.el, sector.az',
    });
    // The file's 30° rotation is folded into the table: its peak is 30° clockwise of the boresight.
    expect(both.json().data.horizontal_db[30]).toBe(0);

    const alone = await upload({ gain_dbi: '18' }, [part('sector.az', AZ)]);
    expect(alone.statusCode, alone.body).toBe(200);
    expect(alone.json().data.name).toBe('sector');
    expect(alone.json().data.vertical_db.every((db: number) => db === 0)).toBe(true);
  });

  it('refuses a malformed file with a 400 naming the file and line, and stores nothing', async () => {
    const before = await list();
    const cut = MSI.split('\n');
    cut.splice(100, 1, '99 loud');
    const response = await upload({}, [part('broken.msi', cut.join('\n'))]);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(/^broken\.msi: Line 101: /);
    const html = await upload({ gain_dbi: '10' }, [part('page.txt', '404 Not Found\n<html></html>')]);
    expect(html.statusCode).toBe(400);
    expect(html.json().message).toMatch(/^page\.txt: Line 1: not an antenna pattern this server reads/);
    expect(await list()).toEqual(before);
  });

  it('refuses an upload without a file, with three files, or over the size limit', async () => {
    const none = await upload({ name: 'x' }, []);
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toMatch(/^Choose a pattern file/);
    const three = await upload({ gain_dbi: '10' }, [part('a.az', AZ), part('b.el', EL), part('c.az', AZ)]);
    expect(three.statusCode).toBe(400);
    expect(three.json().message).toBe('Send at most 2 files in "file"');
    const huge = await upload({}, [part('huge.msi', `${MSI}\n${' '.repeat(ANTENNA_PATTERN_MAX_FILE_BYTES)}`)]);
    expect(huge.statusCode).toBe(413);
    expect(huge.json().message).toBe('A pattern file must be at most 256 KB');
    expect((await list()).filter((p) => !p.builtin)).toEqual([]);
  });

  it('refuses to delete a built-in pattern, or one a sector uses (naming it), and deletes it once unused', async () => {
    const builtin = (await list())[0]!;
    const refused = await send('DELETE', `/api/antenna_patterns/${builtin.id}`);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(`"${builtin.name}" is a built-in pattern and cannot be deleted`);

    const pattern = (await upload({}, [part('vendor.msi', MSI)])).json().data;
    const tower = (await send('POST', '/api/towers', { name: 'Signal Hill', latitude: -33.918, longitude: 18.403, height_meters: 30 })).json().data;
    const sector = (await send('POST', `/api/towers/${tower.id}/sectors`, { name: 'North', azimuth_deg: 0, antenna_pattern_id: pattern.id })).json().data;
    expect((await list()).find((p) => p.id === pattern.id)?.sector_count).toBe(1);

    const inUse = await send('DELETE', `/api/antenna_patterns/${pattern.id}`);
    expect(inUse.statusCode).toBe(409);
    expect(inUse.json().message).toBe('Antenna pattern "Vendor 90" is used by 1 sector (Signal Hill: North): give them another pattern or delete them first');
    // The database holds the rule too (RESTRICT), whatever the service checks.
    await expect(app.db.kysely.deleteFrom('antenna_patterns').where('id', '=', pattern.id).execute()).rejects.toThrow(/foreign key/i);
    expect((await send('DELETE', `/api/towers/${tower.id}/sectors/${sector.id}`)).statusCode).toBe(200);
    const deleted = await send('DELETE', `/api/antenna_patterns/${pattern.id}`);
    expect(deleted.json()).toEqual({ success: true, message: 'Antenna pattern deleted successfully' });
    expect((await send('DELETE', `/api/antenna_patterns/${pattern.id}`)).statusCode).toBe(404);
  });
});
