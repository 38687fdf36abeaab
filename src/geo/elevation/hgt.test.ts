import { describe, expect, it } from 'vitest';
import { HGT_VOID, hgtSamplesPerSide, HgtTile, parseHgtName } from './hgt.js';
import { hgtBytes } from './testing/hgtBytes.js';

/** S34E018: 34° S to 33° S, 18° E to 19° E. */
const SOUTH = -34;
const WEST = 18;

/** The latitude and longitude (degrees) of sample (row, col) on a tile of `side` samples. */
function samplePoint(side: number, row: number, col: number): { lat: number; lng: number } {
  return { lat: SOUTH + 1 - row / (side - 1), lng: WEST + col / (side - 1) };
}

/** A tilted plane: 10 m a row southwards plus 1 m a column eastwards. */
const plane = (row: number, col: number) => row * 10 + col;

describe('parseHgtName', () => {
  it('reads the south-west corner of an SRTM name, any case, and gives the name upper-case without extension', () => {
    expect(parseHgtName('S34E018.hgt')).toEqual({ name: 'S34E018', south: -34, west: 18 });
    expect(parseHgtName('n05w120.HGT')).toEqual({ name: 'N05W120', south: 5, west: -120 });
    expect(parseHgtName('N00E000.hgt')).toEqual({ name: 'N00E000', south: 0, west: 0 });
    expect(parseHgtName('S90W180.hgt')).toEqual({ name: 'S90W180', south: -90, west: -180 });
  });

  it('returns null for anything else', () => {
    for (const name of [
      'S34E018.tif',
      'S34E018',
      'X34E018.hgt',
      'S3E018.hgt',
      'S34E18.hgt',
      'N90E000.hgt',
      'S34E180.hgt',
      'dir/S34E018.hgt',
      'S34E018.hgt.zip',
      '',
    ]) {
      expect(parseHgtName(name), name).toBeNull();
    }
  });
});

describe('hgtSamplesPerSide', () => {
  it('knows the 3- and 1-arc-second sizes and nothing else', () => {
    expect(hgtSamplesPerSide(1201 * 1201 * 2)).toBe(1201);
    expect(hgtSamplesPerSide(3601 * 3601 * 2)).toBe(3601);
    expect(hgtSamplesPerSide(1201 * 1201 * 2 - 2)).toBeNull();
    expect(hgtSamplesPerSide(0)).toBeNull();
  });
});

describe('HgtTile', () => {
  it('loads a 3-arc-second tile and reads its samples exactly', () => {
    const tile = new HgtTile(SOUTH, WEST, hgtBytes(1201, plane));
    expect(tile).toMatchObject({ south: SOUTH, west: WEST, samplesPerSide: 1201, arcSeconds: 3, byteSize: 1201 * 1201 * 2 });
    const p = samplePoint(1201, 100, 200);
    expect(tile.elevation(p.lat, p.lng)).toBeCloseTo(1200, 9);
  });

  it('loads a 1-arc-second tile and reads its samples exactly', () => {
    const tile = new HgtTile(
      SOUTH,
      WEST,
      hgtBytes(3601, (row, col) => (row + col) % 3000),
    );
    expect(tile).toMatchObject({ samplesPerSide: 3601, arcSeconds: 1, byteSize: 3601 * 3601 * 2 });
    const p = samplePoint(3601, 2000, 1500);
    expect(tile.elevation(p.lat, p.lng)).toBeCloseTo(500, 9);
  });

  it('adopts the bytes it is given as its heights when asked, reading the same values', () => {
    const bytes = hgtBytes(1201, (row, col) => row * 3 - col);
    const copied = new HgtTile(-34, 18, bytes.slice());
    const adopted = new HgtTile(-34, 18, bytes, { adopt: true });
    for (const [lat, lng] of [
      [-33.5, 18.5],
      [-33.01, 18.99],
      [-34, 18],
      [-33.2345, 18.6789],
    ] as const) {
      expect(adopted.elevation(lat, lng)).toBe(copied.elevation(lat, lng));
    }
    // Adopted: the file's own bytes now hold the heights in host order (row 1, col 0 is 3 m).
    expect(new Int16Array(bytes.buffer, bytes.byteOffset, 1201 * 1201)[1201]).toBe(3);
  });

  it('interpolates bilinearly between four samples', () => {
    const corners = new Map([
      [100_200, 10],
      [100_201, 20],
      [101_200, 30],
      [101_201, 60],
    ]);
    const tile = new HgtTile(
      SOUTH,
      WEST,
      hgtBytes(1201, (row, col) => corners.get(row * 1000 + col) ?? 0),
    );
    // A quarter of the way south and three quarters east: north edge 17.5 m, south edge 52.5 m.
    const p = samplePoint(1201, 100.25, 200.75);
    expect(tile.elevation(p.lat, p.lng)).toBeCloseTo(26.25, 9);
  });

  it('reads the north and east edges and all four corners', () => {
    const tile = new HgtTile(SOUTH, WEST, hgtBytes(1201, plane));
    expect(tile.elevation(SOUTH + 1, WEST + 0.5)).toBeCloseTo(600, 9); // north edge, column 600
    expect(tile.elevation(SOUTH + 0.5, WEST + 1)).toBeCloseTo(6000 + 1200, 9); // east edge, row 600
    expect(tile.elevation(SOUTH + 1, WEST)).toBe(0); // north-west
    expect(tile.elevation(SOUTH + 1, WEST + 1)).toBe(1200); // north-east
    expect(tile.elevation(SOUTH, WEST)).toBe(12000); // south-west
    expect(tile.elevation(SOUTH, WEST + 1)).toBe(13200); // south-east
  });

  it('contains its edges but not a point beyond them, and refuses to read off the tile', () => {
    const tile = new HgtTile(SOUTH, WEST, hgtBytes(1201, plane));
    expect(tile.contains(SOUTH + 1, WEST + 1)).toBe(true);
    expect(tile.contains(SOUTH, WEST)).toBe(true);
    expect(tile.contains(SOUTH + 1.000001, WEST + 0.5)).toBe(false);
    expect(tile.contains(SOUTH + 0.5, WEST + 1.000001)).toBe(false);
    expect(tile.contains(SOUTH - 0.000001, WEST + 0.5)).toBe(false);
    expect(() => tile.elevation(SOUTH + 0.5, WEST - 0.1)).toThrow('point -33.5, 17.9 is not on the tile -34, 18');
  });

  it('fills a single void with the mean of its eight neighbours', () => {
    const tile = new HgtTile(
      SOUTH,
      WEST,
      hgtBytes(1201, (row, col) => (row === 500 && col === 700 ? HGT_VOID : plane(row, col))),
    );
    const p = samplePoint(1201, 500, 700);
    expect(tile.elevation(p.lat, p.lng)).toBeCloseTo(plane(500, 700), 6);
  });

  it('fills a void on the tile corner from its three neighbours', () => {
    const tile = new HgtTile(
      SOUTH,
      WEST,
      hgtBytes(1201, (row, col) => (row === 0 && col === 0 ? HGT_VOID : 90)),
    );
    expect(tile.elevation(SOUTH + 1, WEST)).toBe(90);
  });

  it('fills a large void region from its edge inwards, within the heights around it', () => {
    const inVoid = (row: number, col: number) => row >= 300 && row < 700 && col >= 300 && col < 700;
    const flat = new HgtTile(
      SOUTH,
      WEST,
      hgtBytes(1201, (row, col) => (inVoid(row, col) ? HGT_VOID : 250)),
    );
    const centre = samplePoint(1201, 500, 500);
    expect(flat.elevation(centre.lat, centre.lng)).toBeCloseTo(250, 9);

    const sloped = new HgtTile(
      SOUTH,
      WEST,
      hgtBytes(1201, (row, col) => (inVoid(row, col) ? HGT_VOID : row)),
    );
    for (const [row, col] of [
      [300, 300],
      [301, 500],
      [500, 500],
      [699, 699],
      [650, 320],
    ] as const) {
      const p = samplePoint(1201, row, col);
      const h = sloped.elevation(p.lat, p.lng);
      expect(h, `${row},${col}`).toBeGreaterThanOrEqual(299);
      expect(h, `${row},${col}`).toBeLessThanOrEqual(700);
    }
    // On the void's north edge only the three samples of row 299 are known: the first ring takes 299 m.
    const edge = samplePoint(1201, 300, 500);
    expect(sloped.elevation(edge.lat, edge.lng)).toBeCloseTo(299, 6);
  });

  it('fills a tile that is all void but one sample in bounded time, and an all-void tile with 0 m', () => {
    const started = performance.now();
    const tile = new HgtTile(
      SOUTH,
      WEST,
      hgtBytes(1201, (row, col) => (row === 1200 && col === 1200 ? 42 : HGT_VOID)),
    );
    expect(performance.now() - started).toBeLessThan(5_000);
    expect(tile.elevation(SOUTH + 1, WEST)).toBe(42);
    expect(tile.elevation(SOUTH + 0.5, WEST + 0.5)).toBeCloseTo(42, 9);
    const empty = new HgtTile(
      SOUTH,
      WEST,
      hgtBytes(1201, () => HGT_VOID),
    );
    expect(empty.elevation(SOUTH + 0.5, WEST + 0.5)).toBe(0);
  });

  it('refuses bytes of the wrong size with a clear message', () => {
    expect(() => new HgtTile(SOUTH, WEST, new Uint8Array(1000))).toThrow(
      'not an SRTM .hgt tile: 1000 bytes, expected 2884802 (3 arc-seconds) or 25934402 (1 arc-second)',
    );
  });
});
