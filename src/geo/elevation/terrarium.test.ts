import { encode } from 'fast-png';
import { describe, expect, it } from 'vitest';
import { decodeTerrarium, TERRARIUM_TILE_SIZE, terrariumHeightAt, terrariumTileAt, terrariumZoomFor } from './terrarium.js';

const SIZE = TERRARIUM_TILE_SIZE;

/** A 256 × 256 PNG with `channels` channels: every pixel R=128 G=0 B=0 (0 m) except the given ones. */
function terrariumPng(pixels: Record<string, [number, number, number]>, channels: 3 | 4 = 3): Uint8Array {
  const data = new Uint8Array(SIZE * SIZE * channels);
  for (let i = 0; i < SIZE * SIZE; i++) {
    const [x, y] = [i % SIZE, Math.floor(i / SIZE)];
    const [r, g, b] = pixels[`${x},${y}`] ?? [128, 0, 0];
    data.set(channels === 4 ? [r, g, b, 255] : [r, g, b], i * channels);
  }
  return encode({ width: SIZE, height: SIZE, data, channels, depth: 8 });
}

describe('decodeTerrarium', () => {
  it('decodes R·256 + G + B/256 − 32768 exactly, row-major from the top-left', () => {
    const heights = decodeTerrarium(
      terrariumPng({
        '1,0': [128, 100, 128], // 100.5 m
        '0,1': [127, 255, 0], // -1 m
        '255,255': [0, 0, 0], // -32768 m
        '10,20': [162, 144, 64], // 8848.25 m
      }),
    );
    expect(heights.length).toBe(SIZE * SIZE);
    expect(heights[0]).toBe(0);
    expect(heights[1]).toBe(100.5);
    expect(heights[SIZE]).toBe(-1);
    expect(heights[SIZE * SIZE - 1]).toBe(-32768);
    expect(heights[20 * SIZE + 10]).toBe(8848.25);
  });

  it('reads RGBA tiles too', () => {
    const heights = decodeTerrarium(terrariumPng({ '3,4': [129, 2, 192] }, 4));
    expect(heights[4 * SIZE + 3]).toBe(258.75);
  });

  it('refuses a PNG that is not 256 × 256 RGB(A)', () => {
    expect(() => decodeTerrarium(encode({ width: 255, height: 256, data: new Uint8Array(255 * 256 * 3), channels: 3, depth: 8 }))).toThrow(
      'a Terrarium tile must be 256x256 pixels, got 255x256',
    );
    expect(() => decodeTerrarium(encode({ width: 256, height: 256, data: new Uint8Array(256 * 256), channels: 1, depth: 8 }))).toThrow(
      'a Terrarium tile must be 8-bit RGB or RGBA, got 1 channel(s) of 8 bits',
    );
  });
});

describe('terrariumTileAt', () => {
  it('puts lat 0, lng 0 at zoom 1 on tile (1, 1) at pixel (0, 0), and at zoom 0 in the middle of the world tile', () => {
    expect(terrariumTileAt(0, 0, 1)).toEqual({ z: 1, x: 1, y: 1, px: 0, py: 0 });
    expect(terrariumTileAt(0, 0, 0)).toEqual({ z: 0, x: 0, y: 0, px: 128, py: 128 });
  });

  it('places known Mercator points: 135° W and the latitude half-way down tile row 2 at zoom 3 on tile (1, 2) at pixel (0, 128)', () => {
    // Mercator y of the world is (1 − ln(tan φ + sec φ) / π) / 2, so y = 2.5 / 8 at φ = atan(sinh(0.375π)) = 55.7766°.
    const lat = (Math.atan(Math.sinh(0.375 * Math.PI)) * 180) / Math.PI;
    expect(lat).toBeCloseTo(55.7766, 4);
    const at = terrariumTileAt(lat, -135, 3);
    expect(at).toMatchObject({ z: 3, x: 1, y: 2 });
    expect(at.px).toBeCloseTo(0, 9);
    expect(at.py).toBeCloseTo(128, 9);
    // 100.5 pixels east of the tile's west edge (a tile is 45° wide at zoom 3).
    expect(terrariumTileAt(lat, -135 + (45 / 256) * 100.5, 3).px).toBeCloseTo(100.5, 9);
  });

  it("keeps the world's east and south edges on the last tile, clamping beyond 85.0511°", () => {
    expect(terrariumTileAt(0, 180, 2)).toMatchObject({ x: 3, px: 256 });
    expect(terrariumTileAt(-89, 0, 2)).toMatchObject({ y: 3, py: expect.closeTo(256, 6) });
    expect(terrariumTileAt(89, -180, 2)).toMatchObject({ x: 0, y: 0, px: 0, py: expect.closeTo(0, 6) });
  });

  it('refuses a bad zoom or point', () => {
    expect(() => terrariumTileAt(0, 0, 1.5)).toThrow('zoom must be a whole number from 0 to 24, got 1.5');
    expect(() => terrariumTileAt(91, 0, 1)).toThrow('point 91, 0 is not a latitude and longitude in degrees');
  });
});

describe('terrariumHeightAt', () => {
  const heights = new Float32Array(SIZE * SIZE);
  heights[20 * SIZE + 10] = 10;
  heights[20 * SIZE + 11] = 20;
  heights[21 * SIZE + 10] = 30;
  heights[21 * SIZE + 11] = 60;
  heights[0] = 7;
  heights[SIZE * SIZE - 1] = 9;

  it("gives a pixel's value at its centre and interpolates bilinearly between centres", () => {
    expect(terrariumHeightAt(heights, 10.5, 20.5)).toBe(10);
    expect(terrariumHeightAt(heights, 11, 20.5)).toBe(15);
    // Three quarters east, a quarter south of pixel (10, 20)'s centre: top 17.5 m, bottom 52.5 m.
    expect(terrariumHeightAt(heights, 11.25, 20.75)).toBeCloseTo(26.25, 9);
  });

  it('clamps positions within half a pixel of the edge to the edge pixels', () => {
    expect(terrariumHeightAt(heights, 0, 0)).toBe(7);
    expect(terrariumHeightAt(heights, 0.5, 0.2)).toBe(7);
    expect(terrariumHeightAt(heights, 256, 256)).toBe(9);
  });
});

describe('terrariumZoomFor', () => {
  // Pixel spacing at the equator: 2π × 6,371,000 m / 256 / 2^z = 156,368 m / 2^z.
  it('picks the coarsest zoom at least as fine as the spacing: 30 m is zoom 13 at the equator (19.1 m) and 12 at 60° (19.1 m)', () => {
    expect(terrariumZoomFor(0, 30)).toBe(13);
    expect(terrariumZoomFor(60, 30)).toBe(12);
    expect(terrariumZoomFor(-60, 30)).toBe(12);
    expect(terrariumZoomFor(0, 156_368)).toBe(0);
    expect(terrariumZoomFor(0, 156_367)).toBe(1);
  });

  it('caps the zoom at maxZoom, 15 by default', () => {
    expect(terrariumZoomFor(0, 1)).toBe(15);
    expect(terrariumZoomFor(0, 1, 10)).toBe(10);
  });

  it('refuses a spacing that is not positive', () => {
    expect(() => terrariumZoomFor(0, 0)).toThrow('spacingM must be a positive number of metres, got 0');
  });
});
