/** A WaveletMatrix as plain typed arrays, to move between threads (see WaveletMatrix.data). */
export interface WaveletMatrixData {
  length: number;
  levels: number;
  /**
   * Per level, per 32 values, two numbers side by side (one cache line for both): the one bits of
   * the level before these values, then their 32 bits, bit i of the word being bit (levels - 1 -
   * level) of the value at that position in the level's order.
   */
  words: Uint32Array;
  /** Per level, how many of its bits are zero. */
  zeros: Uint32Array;
}

/**
 * A sequence of integers in [0, alphabet) that answers "how many of the first p values are below
 * r?" in O(log alphabet) steps, whatever p and r: a wavelet matrix (Claude, Navarro and Ordóñez,
 * "The wavelet matrix", 2015). It keeps 2 bits per value per level, log2(alphabet) levels: two
 * million values below a million take 10 MB.
 *
 * Level by level, from the highest bit down, the values are stably split by that bit (zeros
 * first); a level keeps only each value's bit, plus counts of one bits every 32 values, so the
 * position of a prefix's end can be followed from one level to the next.
 */
export class WaveletMatrix {
  readonly length: number;
  private readonly levels: number;
  /** Numbers per level in `words`: two per 32 values, with room for the end of the sequence. */
  private readonly stride: number;
  private readonly words: Uint32Array;
  private readonly zeros: Uint32Array;

  constructor(data: WaveletMatrixData) {
    this.length = data.length;
    this.levels = data.levels;
    this.stride = strideOf(data.length);
    this.words = data.words;
    this.zeros = data.zeros;
  }

  /** Builds over `values`, each below `alphabet` (at least 1). `values` is left as it was. */
  static build(values: Uint32Array, alphabet: number): WaveletMatrix {
    const length = values.length;
    const levels = Math.max(1, 32 - Math.clz32(Math.max(alphabet - 1, 0)));
    const stride = strideOf(length);
    const words = new Uint32Array(levels * stride);
    const zeros = new Uint32Array(levels);
    let current = Uint32Array.from(values);
    let next = new Uint32Array(length);
    for (let level = 0; level < levels; level++) {
      const shift = levels - 1 - level;
      const base = level * stride;
      let zeroCount = 0;
      for (let i = 0; i < length; i++) {
        const bits = base + 2 * (i >>> 5) + 1;
        if ((((current[i] as number) >>> shift) & 1) === 1) words[bits] = ((words[bits] as number) | (1 << (i & 31))) >>> 0;
        else zeroCount++;
      }
      let count = 0;
      for (let w = base; w < base + stride; w += 2) {
        words[w] = count;
        count += popCount(words[w + 1] as number);
      }
      zeros[level] = zeroCount;
      // Stable split: values with this bit 0 first, then those with 1, each in their order.
      let zero = 0;
      let one = zeroCount;
      for (let i = 0; i < length; i++) {
        const value = current[i] as number;
        if (((value >>> shift) & 1) === 1) next[one++] = value;
        else next[zero++] = value;
      }
      [current, next] = [next, current];
    }
    return new WaveletMatrix({ length, levels, words, zeros });
  }

  data(): WaveletMatrixData {
    return { length: this.length, levels: this.levels, words: this.words, zeros: this.zeros };
  }

  /** How many of the first `p` values (0 <= p <= length) are below `r`. */
  countBelow(p: number, r: number): number {
    if (r <= 0 || p <= 0) return 0;
    if (r >= 2 ** this.levels) return p;
    let below = 0;
    let start = 0;
    let end = p;
    for (let level = 0; level < this.levels; level++) {
      const onesToStart = this.rankOne(level, start);
      const onesToEnd = this.rankOne(level, end);
      if (((r >>> (this.levels - 1 - level)) & 1) === 1) {
        // r has a one here: the values of the range with a zero here (and r's higher bits) are below r.
        below += end - start - (onesToEnd - onesToStart);
        const zeros = this.zeros[level] as number;
        start = zeros + onesToStart;
        end = zeros + onesToEnd;
      } else {
        start -= onesToStart;
        end -= onesToEnd;
      }
    }
    return below;
  }

  /** One bits among the first i bits of a level. */
  private rankOne(level: number, i: number): number {
    const at = level * this.stride + 2 * (i >>> 5);
    const bit = i & 31;
    const partial = bit === 0 ? 0 : popCount((this.words[at + 1] as number) & ((1 << bit) - 1));
    return (this.words[at] as number) + partial;
  }
}

function strideOf(length: number): number {
  return 2 * ((length >>> 5) + 1);
}

/** The number of one bits of a 32-bit integer. */
function popCount(x: number): number {
  let v = x - ((x >>> 1) & 0x55555555);
  v = (v & 0x33333333) + ((v >>> 2) & 0x33333333);
  v = (v + (v >>> 4)) & 0x0f0f0f0f;
  return Math.imul(v, 0x01010101) >>> 24;
}
