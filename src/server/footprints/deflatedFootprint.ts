import { promisify } from 'node:util';
import { deflateRaw, inflateRaw, inflateRawSync, type ZlibOptions } from 'node:zlib';
import type { Footprint, GridFrame } from '../../geo/rf/footprint.js';

/**
 * A footprint's grids as the database stores them and memory keeps them: the geometry as it is
 * (degrees), each grid raw DEFLATE (no zlib header: rows written with fflate read the same),
 * little-endian. Half a million cells, 3¼ bytes each inflated (1.6 MB), deflate to tens of KB.
 */
export interface DeflatedFootprint extends GridFrame {
  /** Int16 a cell, tenths of a dBm (NO_SIGNAL: none). */
  signal: Uint8Array;
  /**
   * The Fresnel bits, then the line-of-sight bits when the footprint has them (computed with
   * propagation settings). The length tells which: rows written before there were line-of-sight
   * bits hold the Fresnel bits alone, and read back so.
   */
  bits: Uint8Array;
  /** A byte a cell, the index of the serving sector; null for an omni tower (and rows written before migration 0014). */
  servingSector: Uint8Array | null;
}

const deflateRawAsync = promisify(deflateRaw);
const inflateRawAsync = promisify(inflateRaw);

/** Typed arrays are stored as this machine lays them out, little-endian (x86 and ARM). */
const LITTLE_ENDIAN = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1;
/** zlib's default level: a grid deflates in a few milliseconds to about 1/20 of its bytes. */
const LEVEL = 6;

/** The grids deflated in zlib's thread pool, off the event loop. */
export async function deflateFootprint(footprint: Footprint): Promise<DeflatedFootprint> {
  if (!LITTLE_ENDIAN) throw new Error('footprints are stored little-endian; this machine is big-endian');
  const { south, west, cellLatDeg, cellLngDeg, rows, cols } = footprint;
  const [signal, bits, servingSector] = await Promise.all([
    deflateBytes(footprint.signalDeciDbm),
    deflateBytes(bitGrids(footprint)),
    footprint.servingAntenna ? deflateBytes(footprint.servingAntenna) : null,
  ]);
  return { south, west, cellLatDeg, cellLngDeg, rows, cols, signal, bits, servingSector };
}

/** The grids inflated on the event loop: about 3 ms for a million cells, for a check that cannot wait for the thread pool. */
export function inflateFootprint(grids: DeflatedFootprint): Footprint {
  const sizes = gridBytes(grids);
  return footprintOf(
    grids,
    inflateRawSync(grids.signal, inflating(sizes.signal)),
    inflateRawSync(grids.bits, inflating(sizes.bits)),
    grids.servingSector && inflateRawSync(grids.servingSector, inflating(sizes.serving)),
  );
}

/** The same in zlib's thread pool: for many footprints in a row (a reload), so checks go on meanwhile. */
export async function inflateFootprintAsync(grids: DeflatedFootprint): Promise<Footprint> {
  const sizes = gridBytes(grids);
  const [signal, bits, serving] = await Promise.all([
    inflateRawAsync(grids.signal, inflating(sizes.signal)),
    inflateRawAsync(grids.bits, inflating(sizes.bits)),
    grids.servingSector && inflateRawAsync(grids.servingSector, inflating(sizes.serving)),
  ]);
  return footprintOf(grids, signal, bits, serving);
}

/** Bytes a footprint's grids hold inflated. */
export function inflatedBytes(footprint: Footprint): number {
  return (
    footprint.signalDeciDbm.byteLength + footprint.fresnel60.byteLength + (footprint.lineOfSight?.byteLength ?? 0) + (footprint.servingAntenna?.byteLength ?? 0)
  );
}

/** Text (a footprint's band areas as GeoJSON) deflated in zlib's thread pool: about a fifth of its UTF-8 bytes. */
export async function deflateText(text: string): Promise<Uint8Array> {
  return deflateRawAsync(Buffer.from(text, 'utf8'), { level: LEVEL });
}

export function inflateText(bytes: Uint8Array): string {
  return inflateRawSync(bytes).toString('utf8');
}

/** Most bytes each grid may inflate to. */
function gridBytes({ rows, cols }: DeflatedFootprint): { signal: number; bits: number; serving: number } {
  const cells = rows * cols;
  // zlib wants a limit of at least one byte.
  return { signal: Math.max(1, cells * 2), bits: Math.max(1, 2 * Math.ceil(cells / 8)), serving: Math.max(1, cells) };
}

/**
 * zlib's options for a grid of at most `bytes`: it stops there (a damaged row cannot take the
 * memory), and writes into one buffer a byte larger (at least zlib's 64), not 16 KB chunks joined
 * at the end: half the time for a million cells.
 */
function inflating(bytes: number): ZlibOptions {
  return { maxOutputLength: bytes, chunkSize: Math.max(64, bytes + 1) };
}

function footprintOf(grids: DeflatedFootprint, signal: Uint8Array, bits: Uint8Array, serving: Uint8Array | null): Footprint {
  const { south, west, cellLatDeg, cellLngDeg, rows, cols } = grids;
  const cells = rows * cols;
  const bitBytes = Math.ceil(cells / 8);
  if (signal.byteLength !== cells * 2 || (bits.byteLength !== bitBytes && bits.byteLength !== 2 * bitBytes)) {
    throw new Error(`the stored footprint does not match its ${rows} x ${cols} grid`);
  }
  if (serving && serving.byteLength !== cells) throw new Error(`the stored serving sectors do not match its ${rows} x ${cols} grid`);
  return {
    south,
    west,
    cellLatDeg,
    cellLngDeg,
    rows,
    cols,
    signalDeciDbm: int16Of(signal),
    fresnel60: bytesOf(bits, 0, bitBytes),
    ...(bits.byteLength === 2 * bitBytes && { lineOfSight: bytesOf(bits, bitBytes, bitBytes) }),
    ...(serving && { servingAntenna: bytesOf(serving, 0, cells) }),
  };
}

/** Plain Uint8Array views of zlib's Buffers (no copy). */
function bytesOf(buffer: Uint8Array, start: number, length: number): Uint8Array {
  return new Uint8Array(buffer.buffer, buffer.byteOffset + start, length);
}

/** The bytes as Int16 values, copied only when zlib's buffer starts at an odd offset (small outputs come from Node's shared pool). */
function int16Of(bytes: Uint8Array): Int16Array {
  if (bytes.byteOffset % 2 === 0) return new Int16Array(bytes.buffer, bytes.byteOffset, bytes.byteLength / 2);
  const values = new Int16Array(bytes.byteLength / 2);
  new Uint8Array(values.buffer).set(bytes);
  return values;
}

/** The bit grids as `bits` holds them: the Fresnel bits, then the line-of-sight bits when there are any. */
function bitGrids(footprint: Footprint): Uint8Array {
  if (!footprint.lineOfSight) return footprint.fresnel60;
  const both = new Uint8Array(2 * footprint.fresnel60.byteLength);
  both.set(footprint.fresnel60);
  both.set(footprint.lineOfSight, footprint.fresnel60.byteLength);
  return both;
}

function deflateBytes(array: Int16Array | Uint8Array): Promise<Uint8Array> {
  return deflateRawAsync(new Uint8Array(array.buffer, array.byteOffset, array.byteLength), { level: LEVEL });
}
