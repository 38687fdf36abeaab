import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  CLIMATE_MESSAGE,
  CLUTTER_HEIGHT_MESSAGE,
  CONDUCTIVITY_MESSAGE,
  CPE_GAIN_MESSAGE,
  CPE_HEIGHT_MESSAGE,
  CPE_NAME_REQUIRED_MESSAGE,
  CPE_NAME_TAKEN_MESSAGE,
  CPE_PROFILE_COUNT_MESSAGE,
  IS_DEFAULT_MESSAGE,
  CALIBRATION_MESSAGE,
  CALIBRATION_RANGE_MESSAGE,
  LEAST_USABLE_SIGNAL_MESSAGE,
  PREDICTION_SPREAD_MESSAGE,
  RELIABILITY_MESSAGE,
  LOCATION_PERCENT_MESSAGE,
  MODEL_MESSAGE,
  ONE_DEFAULT_PROFILE_MESSAGE,
  PERMITTIVITY_MESSAGE,
  POLARIZATION_MESSAGE,
  REFRACTIVITY_MESSAGE,
  SITUATION_PERCENT_MESSAGE,
  TIME_PERCENT_MESSAGE,
} from '../src/common/api/radioSettings.js';
import { type App, buildApp } from '../src/server/app.js';
import { loadConfig } from '../src/server/config.js';
import { signedInAppPerTest } from './support/signedInApp.js';
import { ADMIN, bearer, createTestApp, databaseKinds, signIn, type TestApp } from './support/testApp.js';

const ITM_DEFAULTS = {
  relative_permittivity: 15,
  conductivity_s_per_m: 0.005,
  surface_refractivity_n: 301,
  radio_climate: 'continental_temperate',
  polarization: 'vertical',
  time_percent: 50,
  location_percent: 50,
  situation_percent: 50,
};
const ROOF = { name: 'Roof antenna', gain_dbi: 23, height_m: 6, least_usable_signal_dbm: -80, is_default: true };
const DISH = { name: 'Long-range dish', gain_dbi: 30, height_m: 8, least_usable_signal_dbm: -80, is_default: false };
/** The clutter classes' heights and extra losses never saved: trees 15 m, suburban 9 m, urban 20 m, water 0 m, no extra loss. */
const CLUTTER_CLASSES = {
  trees: { height_m: 15, extra_loss_db: 0 },
  suburban: { height_m: 9, extra_loss_db: 0 },
  urban: { height_m: 20, extra_loss_db: 0 },
  water: { height_m: 0, extra_loss_db: 0 },
};
/** Issue 21's settings never saved: calibration off, drawn at 70 %, residuals reaching 1 km, σ 10 dB until measured. */
const CALIBRATION_DEFAULTS = { calibration: false, reliability_percent: 70, calibration_range_m: 1000, prediction_spread_db: 10 };
const DEFAULTS = {
  model: 'itm',
  itm: ITM_DEFAULTS,
  clutter_height_m: 0,
  clutter_classes: CLUTTER_CLASSES,
  cpe_profiles: [ROOF, DISH],
  ...CALIBRATION_DEFAULTS,
};

/** A whole document an administrator might save: every field away from its default. */
const SAVED = {
  model: 'free_space_knife_edge',
  itm: {
    relative_permittivity: 4,
    conductivity_s_per_m: 0.001,
    surface_refractivity_n: 280,
    radio_climate: 'desert',
    polarization: 'horizontal',
    time_percent: 90,
    location_percent: 75,
    situation_percent: 95,
  },
  clutter_height_m: 12.5,
  clutter_classes: {
    trees: { height_m: 18, extra_loss_db: 8.5 },
    suburban: { height_m: 7, extra_loss_db: 3 },
    urban: { height_m: 35, extra_loss_db: 12 },
    water: { height_m: 0.5, extra_loss_db: 0 },
  },
  cpe_profiles: [
    { name: 'Wall mount', gain_dbi: 16, height_m: 3, least_usable_signal_dbm: -75, is_default: false },
    { name: 'Dish on a pole', gain_dbi: 32, height_m: 12, least_usable_signal_dbm: -85, is_default: true },
  ],
  calibration: true,
  reliability_percent: 90,
  calibration_range_m: 2500,
  prediction_spread_db: 7.5,
};

type Settings = typeof SAVED;

describe.each(databaseKinds())('radio settings on %s', (kind) => {
  let app: TestApp;
  let token: string;

  signedInAppPerTest(kind, (session) => ({ app, token } = session));

  const read = (on: App = app, headers = bearer(token)) => on.server.inject({ method: 'GET', url: '/api/settings/radio', headers });
  const save = (body: unknown, headers = bearer(token)) => app.server.inject({ method: 'PUT', url: '/api/settings/radio', payload: body as object, headers });

  it('answers ITM with its usual parameters, no clutter, the roof CPE (the default) and the dish while nothing is saved', async () => {
    const response = await read();
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ success: true, data: DEFAULTS });
  });

  it('saves a whole document, answers it and keeps it across a restart, moving the coverage revision once', async () => {
    const before = app.coverage.revision ?? 0;
    const saved = await save(SAVED);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toEqual({ success: true, message: 'Radio settings saved', data: SAVED });
    expect(app.coverage.revision).toBe(before + 1);
    expect(await app.radioSettings.current()).toEqual(SAVED);
    expect((await read()).json().data).toEqual(SAVED);

    await app.restart();
    expect((await read()).json().data).toEqual(SAVED);
  });

  it('fills in the defaults of the fields left out, and takes numbers written as text', async () => {
    const saved = await save({
      itm: { time_percent: '99.5' },
      clutter_classes: { urban: { height_m: '25' } },
      cpe_profiles: [{ name: ' Roof ', gain_dbi: '21', height_m: 5, is_default: 'true' }],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data).toEqual({
      model: 'itm',
      itm: { ...ITM_DEFAULTS, time_percent: 99.5 },
      clutter_height_m: 0,
      clutter_classes: { ...CLUTTER_CLASSES, urban: { height_m: 25, extra_loss_db: 0 } },
      cpe_profiles: [{ name: 'Roof', gain_dbi: 21, height_m: 5, least_usable_signal_dbm: -80, is_default: true }],
      ...CALIBRATION_DEFAULTS,
    });
  });

  it('refuses a document with a wrong field with that field’s message, and keeps the saved one', async () => {
    const profile = (index: number, change: object) => ({ cpe_profiles: SAVED.cpe_profiles.map((p, i) => (i === index ? { ...p, ...change } : p)) });
    const itm = (change: object) => ({ itm: { ...SAVED.itm, ...change } });
    const eleven = Array.from({ length: 11 }, (_, i) => ({ ...DISH, name: `Dish ${i}`, is_default: i === 0 }));
    const cases: [string, Partial<Record<keyof Settings, unknown>>, string][] = [
      ['an unknown model', { model: 'splat' }, MODEL_MESSAGE],
      ['permittivity below 1', itm({ relative_permittivity: 0.5 }), PERMITTIVITY_MESSAGE],
      ['permittivity above 100', itm({ relative_permittivity: 101 }), PERMITTIVITY_MESSAGE],
      ['conductivity 0', itm({ conductivity_s_per_m: 0 }), CONDUCTIVITY_MESSAGE],
      ['conductivity above 100 S/m', itm({ conductivity_s_per_m: 101 }), CONDUCTIVITY_MESSAGE],
      ['refractivity below 250', itm({ surface_refractivity_n: 249 }), REFRACTIVITY_MESSAGE],
      ['refractivity above 400', itm({ surface_refractivity_n: 401 }), REFRACTIVITY_MESSAGE],
      ['an unknown climate', itm({ radio_climate: 'arctic' }), CLIMATE_MESSAGE],
      ['the climate as ITM numbers it', itm({ radio_climate: 5 }), CLIMATE_MESSAGE],
      ['circular polarization', itm({ polarization: 'circular' }), POLARIZATION_MESSAGE],
      ['time 100 %', itm({ time_percent: 100 }), TIME_PERCENT_MESSAGE],
      ['time 0 %', itm({ time_percent: 0 }), TIME_PERCENT_MESSAGE],
      ['locations 0 %', itm({ location_percent: 0 }), LOCATION_PERCENT_MESSAGE],
      ['situations as a word', itm({ situation_percent: 'half' }), SITUATION_PERCENT_MESSAGE],
      ['negative clutter', { clutter_height_m: -1 }, CLUTTER_HEIGHT_MESSAGE],
      ['clutter above 50 m', { clutter_height_m: 51 }, CLUTTER_HEIGHT_MESSAGE],
      ['clutter classes as text', { clutter_classes: 'trees' }, 'Clutter classes must be an object with trees, suburban, urban and water'],
      [
        'trees above 50 m',
        { clutter_classes: { ...SAVED.clutter_classes, trees: { height_m: 51, extra_loss_db: 0 } } },
        'Trees height must be a number from 0 to 50 meters',
      ],
      ['a suburban height as a word', { clutter_classes: { suburban: { height_m: 'tall' } } }, 'Suburban height must be a number from 0 to 50 meters'],
      ['urban without a height', { clutter_classes: { urban: { extra_loss_db: 3 } } }, 'Urban height must be a number from 0 to 50 meters'],
      ['a negative extra loss', { clutter_classes: { trees: { height_m: 15, extra_loss_db: -1 } } }, 'Trees extra loss must be a number from 0 to 40 dB'],
      ['water extra loss above 40 dB', { clutter_classes: { water: { height_m: 0, extra_loss_db: 41 } } }, 'Water extra loss must be a number from 0 to 40 dB'],
      ['no profiles', { cpe_profiles: [] }, CPE_PROFILE_COUNT_MESSAGE],
      ['eleven profiles', { cpe_profiles: eleven }, CPE_PROFILE_COUNT_MESSAGE],
      ['profiles left out', { cpe_profiles: undefined }, CPE_PROFILE_COUNT_MESSAGE],
      ['a blank profile name', profile(0, { name: '  ' }), CPE_NAME_REQUIRED_MESSAGE],
      ['a profile name of 61 characters', profile(0, { name: 'x'.repeat(61) }), 'Profile name must be at most 60 characters'],
      ['two names differing in case only', profile(1, { name: 'WALL MOUNT' }), CPE_NAME_TAKEN_MESSAGE],
      ['a gain above 50 dBi', profile(0, { gain_dbi: 51 }), CPE_GAIN_MESSAGE],
      ['a gain below -10 dBi', profile(0, { gain_dbi: -11 }), CPE_GAIN_MESSAGE],
      ['a CPE below 0.5 m', profile(0, { height_m: 0.4 }), CPE_HEIGHT_MESSAGE],
      ['a CPE above 100 m', profile(0, { height_m: 101 }), CPE_HEIGHT_MESSAGE],
      ['a least usable signal below -120 dBm', profile(0, { least_usable_signal_dbm: -121 }), LEAST_USABLE_SIGNAL_MESSAGE],
      ['a least usable signal above -30 dBm', profile(0, { least_usable_signal_dbm: -29 }), LEAST_USABLE_SIGNAL_MESSAGE],
      ['a default flag that is not a boolean', profile(0, { is_default: 'maybe' }), IS_DEFAULT_MESSAGE],
      ['no default profile', profile(1, { is_default: false }), ONE_DEFAULT_PROFILE_MESSAGE],
      ['two default profiles', profile(0, { is_default: true }), ONE_DEFAULT_PROFILE_MESSAGE],
      ['calibration as a word', { calibration: 'sometimes' }, CALIBRATION_MESSAGE],
      ['a reliability below 50 %', { reliability_percent: 49 }, RELIABILITY_MESSAGE],
      ['a reliability of 100 %', { reliability_percent: 100 }, RELIABILITY_MESSAGE],
      ['a calibration range under 100 m', { calibration_range_m: 99 }, CALIBRATION_RANGE_MESSAGE],
      ['a calibration range over 20 km', { calibration_range_m: 20_001 }, CALIBRATION_RANGE_MESSAGE],
      ['a spread of 0 dB', { prediction_spread_db: 0 }, PREDICTION_SPREAD_MESSAGE],
      ['a spread above 30 dB', { prediction_spread_db: 31 }, PREDICTION_SPREAD_MESSAGE],
    ];
    const before = app.coverage.revision;
    for (const [what, change, message] of cases) {
      const refused = await save({ ...SAVED, ...change });
      expect(refused.statusCode, what).toBe(400);
      expect(refused.json(), what).toMatchObject({ success: false, message });
    }
    expect(app.coverage.revision).toBe(before);
    expect((await read()).json().data).toEqual(DEFAULTS);
  });

  it('lets only a signed-in administrator read or change the settings', async () => {
    expect((await read(app, {})).statusCode).toBe(401);
    expect((await save(SAVED, {})).statusCode).toBe(401);
    expect((await read()).json().data).toEqual(DEFAULTS);
  });
});

describe.each(databaseKinds())('the roof CPE profile on %s', (kind) => {
  let app: TestApp | undefined;
  afterEach(async () => {
    await app?.close();
    app = undefined;
  });

  it('starts from CPE_ANTENNA_GAIN_DBI and FOOTPRINT_RECEIVER_HEIGHT_M when they are set', async () => {
    app = await createTestApp(kind, { env: { CPE_ANTENNA_GAIN_DBI: '19.5', FOOTPRINT_RECEIVER_HEIGHT_M: '4' } });
    const response = await app.server.inject({ method: 'GET', url: '/api/settings/radio', headers: bearer(await signIn(app)) });
    expect(response.json().data.cpe_profiles).toEqual([{ ...ROOF, gain_dbi: 19.5, height_m: 4 }, DISH]);
  });
});

const url = process.env.TEST_DATABASE_URL;

// A save moves the coverage revision, which the other servers hear of by NOTIFY: they rebuild, and
// read the radio settings again for the revision they now answer from.
describe.skipIf(!url)('radio settings across servers on one PostgreSQL', () => {
  const schema = `radio_${randomBytes(4).toString('hex')}`;
  const apps: App[] = [];
  afterEach(async () => {
    await Promise.all(apps.splice(0).map((app) => app.server.close()));
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    await client.query(`drop schema if exists "${schema}" cascade`);
    await client.end();
  });

  it('reach a second server at its next revision, with no poll due', async () => {
    // A poll of a minute: only the notification of the new revision can explain the change.
    const config = loadConfig({
      DATABASE_URL: url,
      DATABASE_SCHEMA: schema,
      ADMIN_USERNAME: ADMIN.username,
      ADMIN_PASSWORD: ADMIN.password,
      APP_SECRET: 'a-shared-secret-of-at-least-32-characters',
      COVERAGE_POLL_MS: '60000',
      LOG_LEVEL: 'silent',
    });
    const a = await buildApp(config);
    apps.push(a);
    const b = await buildApp(config);
    apps.push(b);
    expect(await b.radioSettings.current()).toEqual(DEFAULTS);

    const saved = await a.server.inject({ method: 'PUT', url: '/api/settings/radio', payload: SAVED, headers: bearer(await signIn(a)) });
    expect(saved.statusCode, saved.body).toBe(200);
    await vi.waitFor(() => expect(b.coverage.revision).toBe(a.coverage.revision), { timeout: 5000, interval: 10 });
    expect(await b.radioSettings.current()).toEqual(SAVED);
  });
});
