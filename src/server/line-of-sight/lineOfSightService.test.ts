import { noClutterAreas } from '../clutter/clutterAreaService.js';
import { describe, expect, it } from 'vitest';
import { defaultRadioSettings, type RadioSettings } from '../../common/api/radioSettings.js';
import { LineOfSightService, type NamedFootprintReading } from './lineOfSightService.js';
import { towerRecord } from '../testing/footprintFakes.js';

const TOWER = towerRecord({ id: 1, name: 'East Hill', power_dbm: 20 });
const POINT = { lat: -33.9, lng: 18.52 };
/** The footprint's answer at the point, for the default (roof, 23 dBi) profile: seen, but 4 dB under the spec's Unusable boundary. */
const READING: NamedFootprintReading = { lineOfSight: true, signalDbm: -84, fresnel60Clear: true, terrainSource: 'hgt', sectorId: null, sectorName: null };

/** A service whose terrain, sectors and patterns must never be asked: a coverage check answered from footprints is a lookup. */
function serviceWith(settings: RadioSettings): LineOfSightService {
  const untouchable = () => {
    throw new Error('a check answered from footprints must not analyse a path');
  };
  return new LineOfSightService({
    towers: { listActive: async () => [TOWER], find: async () => TOWER },
    sectors: { listAll: untouchable, listOf: untouchable },
    patterns: { get: untouchable },
    terrain: { path: untouchable, sourceAt: async () => 'hgt' },
    settings: { current: async () => settings },
    clutter: { current: async () => noClutterAreas() },
    radio: { towerDbi: 17, channelWidthMHz: 40 },
  });
}

describe('LineOfSightService.feasibilityOf with footprints and CPE profiles', () => {
  const footprints = { read: () => READING };

  it('serves with the next profile from the same footprint, its signal raised by the extra gain, without analysing a path', async () => {
    const settings = defaultRadioSettings({ gainDbi: 23, heightM: 6 });
    const answer = await serviceWith(settings).feasibilityOf([TOWER], POINT, null, footprints);
    // The dish's 30 dBi is 7 dB over the roof antenna's 23: −84 + 7 = −77 dBm, above −80.
    expect(answer).toMatchObject({ wireless_available: true, cpe_profile: { name: 'Long-range dish', is_default: false } });
    expect(answer.tower_distances[0]).toMatchObject({ tower_id: 1, signal_strength: -77 });
    expect(answer.message).toMatch(/but it needs a long-range dish\.$/);
  });

  it('reads the default profile from the footprint as it is', async () => {
    const settings = defaultRadioSettings({ gainDbi: 23, heightM: 6 });
    const answer = await serviceWith(settings).feasibilityOf([TOWER], POINT, null, { read: () => ({ ...READING, signalDbm: -70 }) });
    expect(answer).toMatchObject({ wireless_available: true, cpe_profile: { name: 'Roof antenna', is_default: true } });
    expect(answer.tower_distances[0]!.signal_strength).toBe(-70);
  });

  it('serves no profile when none clears its least usable signal', async () => {
    const base = defaultRadioSettings({ gainDbi: 23, heightM: 6 });
    const settings = { ...base, cpe_profiles: base.cpe_profiles.map((profile) => ({ ...profile, least_usable_signal_dbm: -70 })) };
    const answer = await serviceWith(settings).feasibilityOf([TOWER], POINT, null, footprints);
    expect(answer).toMatchObject({ wireless_available: false, cpe_profile: null, signal_quality: 'no_signal' });
    // The links shown are the default profile's.
    expect(answer.tower_distances[0]!.signal_strength).toBe(-84);
  });
});
