import { describe, expect, it } from 'vitest';
import { WIRELESS_UNAVAILABLE } from '../../../common/api/coverage.js';
import type { WirelessFeasibility } from '../../../common/api/coverage.js';
import { coverageHeadline, wirelessOffer } from './wirelessOffer.js';

const available: WirelessFeasibility = {
  wireless_available: true,
  signal_quality: 'excellent',
  towers_with_los: 2,
  total_towers_checked: 3,
  tower_distances: [
    // As the server sends them: clear first, best signal first; then the blocked ones by distance.
    { tower_id: 5, tower_name: 'Kloof Mast', distance_km: 2.78, has_line_of_sight: true, signal_strength: -58.2 },
    { tower_id: 7, tower_name: 'Far Mast', distance_km: 8.2, has_line_of_sight: true, signal_strength: -72 },
    { tower_id: 6, tower_name: 'Behind the ridge', distance_km: 1.1, has_line_of_sight: false, signal_strength: -96 },
  ],
  estimated_speed: 'Up to 200 Mbps',
  message: 'Wireless service is available from Kloof Mast, 2.8 km away, with a excellent signal.',
  probability: 1,
  likelihood: 'very_likely',
};

describe('the wireless offer of a coverage check', () => {
  it('names the best tower (the first clear one), the signal quality, the speed and the message', () => {
    expect(wirelessOffer(available)).toEqual({
      towerName: 'Kloof Mast',
      distanceKm: 2.78,
      qualityLabel: 'Excellent signal',
      quality: 'excellent',
      speed: 'Up to 200 Mbps',
      message: available.message,
      antenna: null,
      likelihood: { key: 'very_likely', label: 'Service very likely' },
    });
  });

  it('says how likely service is in the public words, beside the tower', () => {
    expect(wirelessOffer({ ...available, probability: 0.93, likelihood: 'very_likely' })?.likelihood).toEqual({
      key: 'very_likely',
      label: 'Service very likely',
    });
    expect(wirelessOffer({ ...available, probability: 0.75, likelihood: 'likely' })?.likelihood?.label).toBe('Service likely');
    expect(wirelessOffer({ ...available, probability: 0.5, likelihood: 'possible' })?.likelihood?.label).toBe('Possible — a site survey will tell');
  });

  it('calls a possible link under the Unusable boundary a weak signal whose speed a site survey will tell', () => {
    const offer = wirelessOffer({ ...available, signal_quality: 'unusable', estimated_speed: 'No Service', probability: 0.44, likelihood: 'possible' });
    expect(offer).toMatchObject({ qualityLabel: 'Weak signal', quality: 'poor', speed: 'a site survey will tell' });
  });

  it('leaves the likelihood words the message closes with to their own label, so they are not said twice', () => {
    const message = 'Wireless service may be available from Kloof Mast, 2.8 km away, with a weak signal. Possible — a site survey will tell.';
    expect(wirelessOffer({ ...available, probability: 0.5, likelihood: 'possible', message })?.message).toBe(
      'Wireless service may be available from Kloof Mast, 2.8 km away, with a weak signal.',
    );
  });

  it('says which customer antenna serves: the default one as it is, another as needed', () => {
    const roof = { name: 'Roof antenna', gain_dbi: 23, height_m: 6, is_default: true };
    const dish = { name: 'Long-range dish', gain_dbi: 30, height_m: 8, is_default: false };
    expect(wirelessOffer({ ...available, cpe_profile: roof })?.antenna).toBe('Serviceable with a roof antenna');
    expect(wirelessOffer({ ...available, cpe_profile: dish })?.antenna).toBe('Needs a long-range dish');
  });

  it('passes over a blocked tower listed before the clear one', () => {
    const [clear, far, blocked] = available.tower_distances;
    expect(wirelessOffer({ ...available, tower_distances: [blocked!, clear!, far!] })?.towerName).toBe('Kloof Mast');
  });

  it('offers nothing when wireless is not available, or the check failed', () => {
    expect(wirelessOffer(WIRELESS_UNAVAILABLE)).toBeNull();
    expect(wirelessOffer(undefined)).toBeNull();
  });

  it('still offers service when the answer lists no towers, and greys an unknown quality', () => {
    expect(wirelessOffer({ ...available, tower_distances: [], signal_quality: 'no_signal' })).toMatchObject({
      towerName: null,
      qualityLabel: 'No signal signal',
      quality: 'other',
    });
  });
});

describe('the results headline', () => {
  it('counts providers and mentions fixed wireless, and says nothing without either', () => {
    expect(coverageHeadline(0, true)).toBe('Fixed wireless service is available at this location');
    expect(coverageHeadline(1, false)).toBe('1 provider covers this location');
    expect(coverageHeadline(2, false)).toBe('2 providers cover this location');
    expect(coverageHeadline(1, true)).toBe('1 provider and fixed wireless cover this location');
    expect(coverageHeadline(0, false)).toBeNull();
  });
});
