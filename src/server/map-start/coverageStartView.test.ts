import { describe, expect, it } from 'vitest';
import { START_VIEW_FIT, START_VIEW_NOMINAL_VIEWPORT } from '../../common/mapDefaults.js';
import { circleBox, fitBox } from '../../geo/mapExtent.js';
import { coverageStartView } from './coverageStartView.js';

const fit = (box: Parameters<typeof fitBox>[0]) => fitBox(box, { ...START_VIEW_NOMINAL_VIEWPORT, ...START_VIEW_FIT });

describe('coverageStartView', () => {
  it('is null with no layers and no towers: each map keeps its own fixed point', () => {
    expect(coverageStartView([], [])).toBeNull();
  });

  it('fits one layer’s box', () => {
    const layer = { west: 21.15, south: -28.55, east: 21.35, north: -28.35 };
    expect(coverageStartView([layer], [])).toEqual({ source: 'coverage', ...fit(layer), bounds: layer });
  });

  it('takes the layers and the towers’ footprints together, and a tower’s circle while its footprint is not ready', () => {
    const layers = [
      { west: 18.37, south: -33.97, east: 18.47, north: -33.87 },
      { west: 18.65, south: -33.97, east: 18.75, north: -33.87 },
    ];
    const ready = { latitude: -34.2, longitude: 19.0, coverage_radius_km: 10, reach: { west: 18.95, south: -34.25, east: 19.08, north: -34.15 } };
    const pending = { latitude: -33.5, longitude: 18.6, coverage_radius_km: 5, reach: undefined };
    const circle = circleBox(-33.5, 18.6, 5);
    const view = coverageStartView(layers, [ready, pending]);
    const bounds = { west: 18.37, south: -34.25, east: 19.08, north: circle.north };
    expect(view).toEqual({ source: 'coverage', ...fit(bounds), bounds });
    // The footprint, not the tower's 10 km circle, bounds the south-east.
    expect(view?.bounds?.east).toBe(19.08);
  });
});
