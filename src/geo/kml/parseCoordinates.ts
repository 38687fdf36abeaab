import type { Position } from 'geojson';

/**
 * Parses the text of a KML <coordinates> element: tuples "lng,lat[,alt]" separated by whitespace,
 * in degrees. Returns GeoJSON positions [lng, lat] (altitude dropped), or a message saying what is
 * wrong. Whitespace around the commas is tolerated because some writers put it there.
 *
 * Hand-written instead of split + Number because the benchmark file has 2 million tuples: this
 * reads each number once, without making a string per tuple or per number.
 */
export function parseCoordinates(text: string): Position[] | string {
  const positions: Position[] = [];
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
    positions.push([lng, lat]);
  }
  return positions;
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
