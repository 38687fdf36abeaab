import { describe, expect, it } from 'vitest';
import { colorUses } from '../../common/kmlColors.js';
import { parsePackedCoverageKml } from './parseCoverageKml.js';
import { writeBandAreasKml } from './writeBandAreasKml.js';

describe('writeBandAreasKml', () => {
  it('writes coloured areas that the coverage upload reads back with their colours, holes and names', () => {
    const kml = writeBandAreasKml('Tower <1> footprint', [
      {
        name: 'Poor',
        color: '#fc8d59',
        geometry: {
          type: 'MultiPolygon',
          coordinates: [
            [
              [
                [18, -33],
                [18.1, -33],
                [18.1, -32.9],
                [18, -32.9],
                [18, -33],
              ],
              [
                [18.02, -32.98],
                [18.02, -32.95],
                [18.05, -32.95],
                [18.02, -32.98],
              ],
            ],
          ],
        },
      },
      {
        name: 'Excellent',
        color: '#1a9850',
        geometry: {
          type: 'MultiPolygon',
          coordinates: [
            [
              [
                [18.06, -32.96],
                [18.07, -32.96],
                [18.07, -32.95],
                [18.06, -32.96],
              ],
            ],
          ],
        },
      },
    ]);
    expect(kml).toContain('<name>Tower &lt;1&gt; footprint</name>');
    const { placemarks } = parsePackedCoverageKml(kml);
    expect(placemarks.map((p) => [p.name, p.color, p.polygons.length, p.polygons[0]!.length])).toEqual([
      ['Poor', '#fc8d59', 1, 2],
      ['Excellent', '#1a9850', 1, 1],
    ]);
    expect(colorUses(placemarks).map((use) => use.color)).toEqual(['#fc8d59', '#1a9850']);
    expect(Array.from(placemarks[1]!.polygons[0]![0]!)).toEqual([18.06, -32.96, 18.07, -32.96, 18.07, -32.95, 18.06, -32.96]);
  });
});
