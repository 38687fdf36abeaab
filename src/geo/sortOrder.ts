/** Whether this machine stores numbers little-endian (x86 and ARM do); decides which word of a double is its high half. */
const LITTLE_ENDIAN = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1;
/** Below this many keys a comparison sort is quicker than the radix passes. */
const RADIX_FROM = 256;

/**
 * The order that sorts `keys` ascending: `order[i]` is the index of the i-th smallest key; equal keys
 * keep their index order (stable). A least-significant-digit radix sort on the keys' IEEE-754 bits,
 * 8 bits a pass, keys moving with their indices so that every pass reads and writes in sequence;
 * passes where every key has the same digit (the high bits of nearby coordinates) are skipped. O(n)
 * time and 24 bytes a key while it runs, where sorting an index array with a comparator function
 * takes several times as long on a million keys. Keys must not be NaN; -0 sorts before 0 (they
 * compare equal anyway).
 */
export function sortOrder(keys: Float64Array): Uint32Array {
  const n = keys.length;
  let order = new Uint32Array(n);
  for (let i = 0; i < n; i++) order[i] = i;
  if (n < RADIX_FROM) return order.sort((a, b) => (keys[a] as number) - (keys[b] as number) || a - b);

  // Each double as two 32-bit words that compare as unsigned integers in the doubles' order: a
  // negative number has all its bits flipped, a positive one only its sign bit.
  const both = new Uint32Array(2 * n);
  new Float64Array(both.buffer).set(keys);
  const high = LITTLE_ENDIAN ? 1 : 0;
  let lows = new Uint32Array(n);
  let highs = new Uint32Array(n);
  for (let i = 0; i < n; i++) {
    const h = both[2 * i + high] as number;
    const l = both[2 * i + 1 - high] as number;
    const negative = h >>> 31 === 1;
    highs[i] = negative ? ~h >>> 0 : (h | 0x80000000) >>> 0;
    lows[i] = negative ? ~l >>> 0 : l;
  }
  // All eight digits' counts in one sweep: pass d counts at 256 * d.
  const counts = new Uint32Array(8 * 256);
  for (let i = 0; i < n; i++) {
    const l = lows[i] as number;
    const h = highs[i] as number;
    for (let d = 0; d < 4; d++) {
      const lowDigit = 256 * d + ((l >>> (8 * d)) & 255);
      const highDigit = 256 * (d + 4) + ((h >>> (8 * d)) & 255);
      counts[lowDigit] = (counts[lowDigit] as number) + 1;
      counts[highDigit] = (counts[highDigit] as number) + 1;
    }
  }

  let spareOrder = new Uint32Array(n);
  let spareLows = new Uint32Array(n);
  let spareHighs = new Uint32Array(n);
  for (let pass = 0; pass < 8; pass++) {
    const base = 256 * pass;
    const digitCounts = counts.subarray(base, base + 256);
    if (digitCounts.includes(n)) continue; // every key has this digit: the order stands
    let start = 0;
    for (let digit = 0; digit < 256; digit++) {
      const count = digitCounts[digit] as number;
      digitCounts[digit] = start;
      start += count;
    }
    const shift = 8 * (pass & 3);
    const source = pass < 4 ? lows : highs;
    for (let i = 0; i < n; i++) {
      const digit = ((source[i] as number) >>> shift) & 255;
      const to = digitCounts[digit] as number;
      digitCounts[digit] = to + 1;
      spareOrder[to] = order[i] as number;
      spareLows[to] = lows[i] as number;
      spareHighs[to] = highs[i] as number;
    }
    [order, spareOrder] = [spareOrder, order];
    [lows, spareLows] = [spareLows, lows];
    [highs, spareHighs] = [spareHighs, highs];
  }
  return order;
}
