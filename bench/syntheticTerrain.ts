/** Synthetic SRTM tiles for the line-of-sight benchmarks: rolling hills, deterministic. */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Writes the 1-arc-second tile whose south-west corner is (south, west) into `dir` (SRTM name,
 * 3601² big-endian int16; `side` 1201 for the same hills at 3 arc-seconds): a 300 m plateau with
 * hills of 1-3 km wavelength and up to ±230 m, so that some paths are clear and some blocked.
 * Returns the file's path.
 */
export function writeHillTile(dir: string, south: number, west: number, side: 3601 | 1201 = 3601): string {
  const bytes = Buffer.alloc(side * side * 2);
  const metresPerSample = (30.87 * 3600) / (side - 1);
  for (let row = 0; row < side; row++) {
    const y = (row + (south + 90) * (side - 1)) * metresPerSample;
    for (let col = 0; col < side; col++) {
      const x = (col + (west + 180) * (side - 1)) * metresPerSample;
      const height = 300 + 150 * Math.sin(x / 1300) * Math.cos(y / 1700) + 80 * Math.sin((x + y) / 2900);
      bytes.writeInt16BE(Math.round(height), (row * side + col) * 2);
    }
  }
  const name = `${south < 0 ? 'S' : 'N'}${String(Math.abs(south)).padStart(2, '0')}${west < 0 ? 'W' : 'E'}${String(Math.abs(west)).padStart(3, '0')}.hgt`;
  const file = join(dir, name);
  writeFileSync(file, bytes);
  return file;
}

/** A seeded uniform random source in [0, 1), so that runs compare. */
export function seededRandom(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 16807) % 2147483647;
    return (state - 1) / 2147483646;
  };
}

/** The q-quantile (0..1) of numbers, sorted in place. */
export function quantile(values: number[], q: number): number {
  values.sort((a, b) => a - b);
  return values[Math.min(values.length - 1, Math.floor(q * values.length))] ?? Number.NaN;
}
