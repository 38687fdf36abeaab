import { describe, expect, it } from 'vitest';
import { circleBox, fitBox, unionOfBoxes } from './mapExtent.js';

const WHOLE_VIEW = { paddingPx: 0, minZoom: 0, maxZoom: 22 };

describe('unionOfBoxes', () => {
  it('is null for no boxes and the smallest box around several', () => {
    expect(unionOfBoxes([])).toBeNull();
    expect(
      unionOfBoxes([
        { west: 18, south: -34, east: 19, north: -33 },
        { west: 20, south: -35, east: 21, north: -34.5 },
      ]),
    ).toEqual({ west: 18, south: -35, east: 21, north: -33 });
  });
});

describe('circleBox', () => {
  it('spans the radius north and south, and more degrees of longitude away from the equator', () => {
    const box = circleBox(-60, 20, 111.195);
    expect(box.north).toBeCloseTo(-59, 6);
    expect(box.south).toBeCloseTo(-61, 6);
    // cos 60° = 0.5: a degree of longitude is half as long.
    expect(box.east).toBeCloseTo(22, 6);
    expect(box.west).toBeCloseTo(18, 6);
  });
});

describe('fitBox', () => {
  it('shows the whole Web Mercator world in one 512 px tile at zoom 0, and half its width at zoom 1', () => {
    const world = { west: -180, south: -85.051129, east: 180, north: 85.051129 };
    const whole = fitBox(world, { width: 512, height: 512, ...WHOLE_VIEW });
    expect(whole.zoom).toBeCloseTo(0, 6);
    expect(whole.center.lat).toBeCloseTo(0, 6);
    expect(whole.center.lng).toBeCloseTo(0, 6);
    expect(fitBox({ ...world, west: 0 }, { width: 512, height: 1024, ...WHOLE_VIEW }).zoom).toBeCloseTo(1, 6);
  });

  it('centres on the middle in Mercator, not the middle latitude', () => {
    // y(60°) = ln tan 75° = 1.31696; half of it is latitude 35.2644°.
    expect(fitBox({ west: 10, south: 0, east: 20, north: 60 }, { width: 800, height: 600, ...WHOLE_VIEW }).center.lat).toBeCloseTo(35.2644, 3);
  });

  it('keeps the padding free and lets the narrower side decide', () => {
    // 2 degrees of longitude in 1200 usable px: log2(1200·360 / (512·2)) = 8.72; the height (720 px for about 2 degrees) allows less.
    const camera = fitBox({ west: -1, south: -1, east: 1, north: 1 }, { width: 1280, height: 800, paddingPx: 40, minZoom: 1, maxZoom: 13 });
    expect(camera.zoom).toBeCloseTo(Math.log2((720 * 2 * Math.PI) / (512 * 2 * Math.log(Math.tan(Math.PI / 4 + Math.PI / 360)))), 6);
    expect(camera.zoom).toBeLessThan(8.72);
    // A wide box: the 1200 px left of the width decide.
    const wide = fitBox({ west: -10, south: -1, east: 10, north: 1 }, { width: 1280, height: 800, paddingPx: 40, minZoom: 1, maxZoom: 13 });
    expect(wide.zoom).toBeCloseTo(Math.log2((1200 * 360) / (512 * 20)), 6);
  });

  it('gives a point or a tiny box the largest zoom, and the whole world the smallest', () => {
    const options = { width: 1280, height: 800, paddingPx: 40, minZoom: 1, maxZoom: 13 };
    expect(fitBox({ west: 18.4, south: -33.9, east: 18.4, north: -33.9 }, options)).toEqual({ center: { lat: expect.closeTo(-33.9, 9), lng: 18.4 }, zoom: 13 });
    expect(fitBox({ west: -180, south: -85, east: 180, north: 85 }, options).zoom).toBe(1);
  });
});
