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
function serviceWith(settings: RadioSettings, sigmaDb = 10): LineOfSightService {
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
    calibration: { current: async () => ({ lookup: null, sigmaDb }) },
    radio: { towerDbi: 17, channelWidthMHz: 40 },
  });
}

describe('LineOfSightService.feasibilityOf with footprints and CPE profiles', () => {
  const footprints = { read: () => READING };
  const settings = defaultRadioSettings({ gainDbi: 23, heightM: 6 });
  const reading = (signalDbm: number, lineOfSight = true) => ({ read: () => ({ ...READING, signalDbm, lineOfSight }) });

  it('serves with the next profile from the same footprint, its signal raised by the extra gain, without analysing a path', async () => {
    const answer = await serviceWith(settings).feasibilityOf([TOWER], POINT, null, footprints);
    // The dish's 30 dBi is 7 dB over the roof antenna's 23: −84 + 7 = −77 dBm, 3 dB over its −80:
    // Φ(3 / 10) = 0.618, possible (the roof antenna's Φ(−4 / 10) = 0.345 says nothing).
    expect(answer).toMatchObject({
      wireless_available: true,
      probability: 0.618,
      likelihood: 'possible',
      cpe_profile: { name: 'Long-range dish', is_default: false },
    });
    expect(answer.tower_distances[0]).toMatchObject({ tower_id: 1, signal_strength: -77, probability: 0.618 });
    expect(answer.message).toBe(
      'Wireless service may be available from East Hill, 2.8 km away, with a poor signal, but it needs a long-range dish. Possible — a site survey will tell.',
    );
  });

  it('reads the default profile from the footprint as it is, and answers with it when it is very likely', async () => {
    // Φ(20 / 10) = 0.977.
    const answer = await serviceWith(settings).feasibilityOf([TOWER], POINT, null, reading(-60));
    expect(answer).toMatchObject({
      wireless_available: true,
      probability: 0.977,
      likelihood: 'very_likely',
      cpe_profile: { name: 'Roof antenna', is_default: true },
    });
    expect(answer.tower_distances[0]!.signal_strength).toBe(-60);
    expect(answer.message).toMatch(/^Wireless service is available from East Hill, .* with an excellent signal\. Service very likely\.$/);
  });

  it('answers with a later profile that reaches a better likelihood than the default', async () => {
    // Roof: Φ(10 / 10) = 0.841, likely; the dish, 7 dB more: Φ(1.7) = 0.955, very likely.
    const answer = await serviceWith(settings).feasibilityOf([TOWER], POINT, null, reading(-70));
    expect(answer).toMatchObject({ probability: 0.955, likelihood: 'very_likely', cpe_profile: { name: 'Long-range dish' } });
    expect(answer.tower_distances[0]!.signal_strength).toBe(-63);
  });

  it('keeps the first profile among those of the best likelihood', async () => {
    // The dish needs 7 dB more than the roof antenna: both at Φ(4 / 10) = 0.655, possible.
    const pickyDish = { ...settings, cpe_profiles: settings.cpe_profiles.map((p) => (p.is_default ? p : { ...p, least_usable_signal_dbm: -73 })) };
    const answer = await serviceWith(pickyDish).feasibilityOf([TOWER], POINT, null, reading(-76));
    expect(answer).toMatchObject({ probability: 0.655, likelihood: 'possible', cpe_profile: { name: 'Roof antenna' } });
    expect(answer.message).toMatch(/^Wireless service may be available from East Hill, .* with a poor signal\. Possible — a site survey will tell\.$/);
  });

  it('takes σ from the calibration: the same signal is less certain with a wider spread', async () => {
    // Roof: Φ(10 / 30) = 0.631, possible; the dish Φ(17 / 30) = 0.715, likely.
    const answer = await serviceWith(settings, 30).feasibilityOf([TOWER], POINT, null, reading(-70));
    expect(answer).toMatchObject({ probability: 0.715, likelihood: 'likely', cpe_profile: { name: 'Long-range dish' } });
  });

  it('gives a link without line of sight no chance, whatever its signal', async () => {
    const answer = await serviceWith(settings).feasibilityOf([TOWER], POINT, null, reading(-50, false));
    expect(answer).toMatchObject({ wireless_available: false, probability: 0, likelihood: null, cpe_profile: null });
    expect(answer.message).toBe('A wireless tower is in range, but hills or terrain block the line of sight to this location.');
  });

  it("serves no profile when none reaches 40 %, and tells the default profile's chance", async () => {
    const settings = { ...base(), cpe_profiles: base().cpe_profiles.map((profile) => ({ ...profile, least_usable_signal_dbm: -70 })) };
    const answer = await serviceWith(settings).feasibilityOf([TOWER], POINT, null, footprints);
    // Φ(−14 / 10) = 0.081 for the roof antenna (the dish's Φ(−0.7) = 0.242 is not enough either).
    expect(answer).toMatchObject({ wireless_available: false, cpe_profile: null, signal_quality: 'no_signal', probability: 0.081, likelihood: null });
    // The links shown are the default profile's.
    expect(answer.tower_distances[0]!.signal_strength).toBe(-84);
    expect(answer.message).toBe('A wireless tower is in range, but the signal here is too weak for service.');
  });

  it('has no probability where no tower is in range', async () => {
    const answer = await serviceWith(settings).feasibilityOf([TOWER], { lat: -30, lng: 20 }, null, footprints);
    expect(answer).toMatchObject({ wireless_available: false, total_towers_checked: 0, probability: null, likelihood: null });
  });
});

function base(): RadioSettings {
  return defaultRadioSettings({ gainDbi: 23, heightM: 6 });
}
