import type { PackedRing } from '../packedGeometry.js';

/**
 * Parses the text of a KML <coordinates> element that holds a ring: tuples "lng,lat[,alt]" in
 * degrees, separated by whitespace. Returns the ring packed, [lng0, lat0, lng1, lat1, …] with the
 * altitude dropped, and closed (the first vertex is repeated at the end when the file leaves it
 * out), or a message saying what is wrong. Whitespace around the commas is tolerated: some writers
 * put it there.
 *
 * Hand-written because the benchmark file has 2 million tuples: each number is read once, without
 * a string per tuple or per number, into a reused scratch buffer, which is then copied into a
 * typed array of exactly the ring's length.
 */
export function parseRingCoordinates(text: string): PackedRing | string {
  let count = 0;
  const length = text.length;
  let i = skipSpace(text, 0);
  while (i < length) {
    const tupleStart = i;
    i = readNumber(text, i);
    if (i < 0) return `"${excerpt(text, tupleStart)}" is not a number`;
    const lng = parsedNumber;
    i = skipSpace(text, i);
    if (text.charCodeAt(i) !== COMMA) return `the coordinate "${excerpt(text, tupleStart)}" has no latitude`;
    i = readNumber(text, skipSpace(text, i + 1));
    if (i < 0) return `the coordinate "${excerpt(text, tupleStart)}" has no valid latitude`;
    const lat = parsedNumber;
    i = skipSpace(text, i);
    if (text.charCodeAt(i) === COMMA) {
      i = readNumber(text, skipSpace(text, i + 1));
      if (i < 0) return `the coordinate "${excerpt(text, tupleStart)}" has no valid altitude`;
      i = skipSpace(text, i);
    }
    if (!(lng >= -180 && lng <= 180 && lat >= -90 && lat <= 90)) {
      return `the coordinate ${lng},${lat} is outside longitude -180..180, latitude -90..90`;
    }
    if (2 * count + 2 > scratch.length) growScratch();
    scratch[2 * count] = lng;
    scratch[2 * count + 1] = lat;
    count++;
  }
  return ringFromScratch(count);
}

/** Tuples read so far, [lng0, lat0, lng1, lat1, …]; grows by doubling and is reused across rings. */
let scratch = new Float64Array(1024);

function growScratch(): void {
  const larger = new Float64Array(scratch.length * 2);
  larger.set(scratch);
  scratch = larger;
}

function ringFromScratch(count: number): PackedRing {
  if (count === 0) return new Float64Array(0);
  const closed = scratch[0] === scratch[2 * count - 2] && scratch[1] === scratch[2 * count - 1];
  if (closed) return scratch.slice(0, 2 * count);
  const ring = new Float64Array(2 * count + 2);
  ring.set(scratch.subarray(0, 2 * count));
  ring[2 * count] = scratch[0] as number;
  ring[2 * count + 1] = scratch[1] as number;
  return ring;
}

const COMMA = 44;
const PLUS = 43;
const MINUS = 45;
const DOT = 46;
const ZERO = 48;
const NINE = 57;
const LOWER_E = 101;
const UPPER_E = 69;

/** Exact powers of ten: a 15-digit integer divided by one of these is correctly rounded (IEEE 754). */
const POWERS_OF_TEN = Array.from({ length: 16 }, (_, k) => 10 ** k);

/** The value readNumber read last; a module variable so that reading a number allocates nothing. */
let parsedNumber = 0;

/**
 * Reads a decimal number at `start` into parsedNumber and returns the index after it, or -1 when no
 * number is there. Plain decimals of up to 15 significant digits (every real KML coordinate) take
 * the fast path: the digits as an exact integer, then one division by an exact power of ten, which
 * gives the same double as Number(). Exponents and longer numbers go to Number().
 */
function readNumber(text: string, start: number): number {
  let i = start;
  let code = text.charCodeAt(i);
  const negative = code === MINUS;
  if (negative || code === PLUS) code = text.charCodeAt(++i);
  let mantissa = 0;
  let digits = 0;
  let fractionDigits = 0;
  let seenDot = false;
  for (;;) {
    if (code >= ZERO && code <= NINE) {
      mantissa = mantissa * 10 + (code - ZERO);
      digits++;
      if (seenDot) fractionDigits++;
    } else if (code === DOT && !seenDot) {
      seenDot = true;
    } else {
      break;
    }
    code = text.charCodeAt(++i);
  }
  if (digits === 0) return -1;
  if (code === LOWER_E || code === UPPER_E || digits > 15) return readWithNumber(text, start);
  const magnitude = fractionDigits === 0 ? mantissa : mantissa / (POWERS_OF_TEN[fractionDigits] ?? 1);
  parsedNumber = negative ? -magnitude : magnitude;
  return i;
}

function readWithNumber(text: string, start: number): number {
  const match = /^[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?/.exec(text.slice(start, start + 64));
  if (!match) return -1;
  const value = Number(match[0]);
  if (!Number.isFinite(value)) return -1;
  parsedNumber = value;
  return start + match[0].length;
}

function skipSpace(text: string, start: number): number {
  let i = start;
  for (;;) {
    const code = text.charCodeAt(i);
    // space, tab, line feed, carriage return
    if (code === 32 || code === 9 || code === 10 || code === 13) i++;
    else return i;
  }
}

/** The token at `start`, for error messages. */
function excerpt(text: string, start: number): string {
  const end = text.slice(start, start + 40).search(/\s|$/);
  return text.slice(start, start + Math.max(1, end));
}
