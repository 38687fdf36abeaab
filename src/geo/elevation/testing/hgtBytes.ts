/** Test helper: the bytes of a synthetic SRTM .hgt tile (big-endian int16 metres, rows north to south). */

/**
 * A side × side tile whose sample at (row, col) is `height(row, col)` metres, rounded; row 0 is the
 * north edge, col 0 the west edge. Return HGT_VOID (-32768) for a void.
 */
export function hgtBytes(side: 1201 | 3601, height: (row: number, col: number) => number): Uint8Array {
  const bytes = new Uint8Array(side * side * 2);
  const view = new DataView(bytes.buffer);
  for (let row = 0; row < side; row++) {
    for (let col = 0; col < side; col++) view.setInt16((row * side + col) * 2, Math.round(height(row, col)), false);
  }
  return bytes;
}
