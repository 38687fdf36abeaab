/**
 * SRTM .hgt tiles: one degree square, named after the south-west corner (S34E018.hgt spans 34° S
 * to 33° S and 18° E to 19° E). The file is big-endian int16 metres above sea level, rows from
 * north to south, each row from west to east; the first sample sits on the north-west corner and
 * the last row and column repeat the neighbouring tiles' edges. HGT_VOID marks a missing sample.
 * Latitudes and longitudes are degrees (north and east positive).
 */

/** The value of a missing sample. */
export const HGT_VOID = -32768;

const SRTM3_SIDE = 1201;
const SRTM1_SIDE = 3601;
const NAME = /^([NS])(\d{2})([EW])(\d{3})\.hgt$/i;

/** The tile of an SRTM file name ("S34E018.hgt", "n05w120.HGT"): its upper-case name without extension and its south-west corner; null for any other name. */
export function parseHgtName(fileName: string): { name: string; south: number; west: number } | null {
  const match = NAME.exec(fileName);
  if (!match) return null;
  const [, ns = '', latText = '', ew = '', lngText = ''] = match;
  const south = ns.toUpperCase() === 'N' ? Number(latText) : -Number(latText);
  const west = ew.toUpperCase() === 'E' ? Number(lngText) : -Number(lngText);
  if (south < -90 || south > 89 || west < -180 || west > 179) return null;
  return { name: `${ns}${latText}${ew}${lngText}`.toUpperCase(), south, west };
}

/** Samples per side of an .hgt file of this many bytes: 1201 (3 arc-seconds) or 3601 (1 arc-second); null for any other size. */
export function hgtSamplesPerSide(byteLength: number): 1201 | 3601 | null {
  if (byteLength === SRTM3_SIDE * SRTM3_SIDE * 2) return SRTM3_SIDE;
  if (byteLength === SRTM1_SIDE * SRTM1_SIDE * 2) return SRTM1_SIDE;
  return null;
}

/** One loaded tile, voids filled, with bilinear elevation lookup. */
export class HgtTile {
  readonly south: number;
  readonly west: number;
  readonly samplesPerSide: 1201 | 3601;
  readonly arcSeconds: 1 | 3;
  /** Bytes held (for the LRU budget). */
  readonly byteSize: number;
  /**
   * Heights, metres, row-major from the north-west corner. Int16Array: SRTM heights are whole
   * metres in int16 already, so this holds them exactly at half the memory of a Float32Array
   * (26 MB instead of 52 MB for a 1-arc-second tile); filled voids are rounded to whole metres.
   */
  private readonly heights: Int16Array;

  /**
   * `bytes` is the .hgt file's content; throws an Error when its size is neither 1201² nor 3601²
   * samples. With `adopt`, the bytes themselves become the heights (turned into host byte order in
   * place) instead of being copied: a caller that owns a freshly read file then holds one 26 MB
   * array per 1-arc-second tile, not two.
   */
  constructor(south: number, west: number, bytes: Uint8Array, options: { adopt?: boolean } = {}) {
    const side = hgtSamplesPerSide(bytes.byteLength);
    if (side === null) {
      throw new Error(
        `not an SRTM .hgt tile: ${bytes.byteLength} bytes, expected ${SRTM3_SIDE * SRTM3_SIDE * 2} (3 arc-seconds) or ${SRTM1_SIDE * SRTM1_SIDE * 2} (1 arc-second)`,
      );
    }
    if (!Number.isInteger(south) || !Number.isInteger(west)) throw new Error(`tile corner must be whole degrees, got ${south}, ${west}`);
    this.south = south;
    this.west = west;
    this.samplesPerSide = side;
    this.arcSeconds = side === SRTM3_SIDE ? 3 : 1;
    this.heights = readBigEndian(bytes, options.adopt === true && bytes.byteOffset % 2 === 0);
    fillVoids(this.heights, side);
    this.byteSize = this.heights.byteLength;
  }

  /** Whether the point (degrees) lies on this tile, edges included. */
  contains(lat: number, lng: number): boolean {
    return lat >= this.south && lat <= this.south + 1 && lng >= this.west && lng <= this.west + 1;
  }

  /** Bilinear elevation at a point on the tile (degrees), metres. Throws a RangeError off the tile. */
  elevation(lat: number, lng: number): number {
    if (!this.contains(lat, lng)) {
      throw new RangeError(`point ${lat}, ${lng} is not on the tile ${this.south}, ${this.west} (one degree from its south-west corner)`);
    }
    const last = this.samplesPerSide - 1;
    // Fractional row (from the north edge) and column (from the west edge), 0..last.
    const row = (this.south + 1 - lat) * last;
    const col = (lng - this.west) * last;
    const r0 = Math.min(Math.floor(row), last - 1);
    const c0 = Math.min(Math.floor(col), last - 1);
    const fr = row - r0;
    const fc = col - c0;
    const i = r0 * this.samplesPerSide + c0;
    const h = this.heights;
    const north = h[i]! + (h[i + 1]! - h[i]!) * fc;
    const south = h[i + this.samplesPerSide]! + (h[i + this.samplesPerSide + 1]! - h[i + this.samplesPerSide]!) * fc;
    return north + (south - north) * fr;
  }
}

/** Big-endian int16 samples as host-order heights: into `bytes` itself when `inPlace` (each sample is read before its own two bytes are written). */
function readBigEndian(bytes: Uint8Array, inPlace: boolean): Int16Array {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const heights = inPlace ? new Int16Array(bytes.buffer, bytes.byteOffset, bytes.byteLength / 2) : new Int16Array(bytes.byteLength / 2);
  for (let i = 0; i < heights.length; i++) heights[i] = view.getInt16(i * 2, false);
  return heights;
}

/**
 * Replaces every void by the rounded mean of its known 8-neighbours, growing inwards from each
 * void's edge one ring at a time (breadth-first), so each sample is visited a bounded number of
 * times whatever the voids' size: O(samples). A ring is computed from the samples known before
 * it, so the result does not depend on visiting order. A tile without any valid sample becomes 0 m.
 */
function fillVoids(heights: Int16Array, side: number): void {
  let voids = 0;
  for (let i = 0; i < heights.length; i++) if (heights[i] === HGT_VOID) voids += 1;
  if (voids === 0) return;
  if (voids === heights.length) {
    heights.fill(0);
    return;
  }

  const known = new Uint8Array(heights.length);
  for (let i = 0; i < heights.length; i++) known[i] = heights[i] === HGT_VOID ? 0 : 1;
  // Work arrays are sized by the voids, not the tile: a tile with few voids costs little.
  const queued = new Uint8Array(heights.length);
  let ring = new Int32Array(voids);
  let nextRing = new Int32Array(voids);
  const values = new Int16Array(voids);
  let ringSize = 0;
  for (let i = 0; i < heights.length; i++) {
    if (!known[i] && hasKnownNeighbour(known, side, i)) {
      ring[ringSize++] = i;
      queued[i] = 1;
    }
  }

  while (ringSize > 0) {
    for (let r = 0; r < ringSize; r++) values[r] = meanOfKnownNeighbours(heights, known, side, ring[r]!);
    for (let r = 0; r < ringSize; r++) {
      heights[ring[r]!] = values[r]!;
      known[ring[r]!] = 1;
    }
    let nextSize = 0;
    for (let r = 0; r < ringSize; r++) {
      forEachNeighbour(side, ring[r]!, (j) => {
        if (!known[j] && !queued[j]) {
          queued[j] = 1;
          nextRing[nextSize++] = j;
        }
      });
    }
    [ring, nextRing] = [nextRing, ring];
    ringSize = nextSize;
  }
}

function hasKnownNeighbour(known: Uint8Array, side: number, i: number): boolean {
  let found = false;
  forEachNeighbour(side, i, (j) => {
    if (known[j]) found = true;
  });
  return found;
}

function meanOfKnownNeighbours(heights: Int16Array, known: Uint8Array, side: number, i: number): number {
  let sum = 0;
  let n = 0;
  forEachNeighbour(side, i, (j) => {
    if (known[j]) {
      sum += heights[j]!;
      n += 1;
    }
  });
  return Math.round(sum / n);
}

/** Calls `visit` with the index of each of the up to 8 neighbours of sample `i` on a side × side grid. */
function forEachNeighbour(side: number, i: number, visit: (j: number) => void): void {
  const row = Math.floor(i / side);
  const col = i - row * side;
  for (let dr = -1; dr <= 1; dr++) {
    const r = row + dr;
    if (r < 0 || r >= side) continue;
    for (let dc = -1; dc <= 1; dc++) {
      const c = col + dc;
      if ((dr === 0 && dc === 0) || c < 0 || c >= side) continue;
      visit(r * side + c);
    }
  }
}
