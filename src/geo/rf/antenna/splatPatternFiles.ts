/**
 * SPLAT!'s antenna pattern files (splat(1), notes/splat.md), read into the product's pattern.
 *
 * - `.az`: first line the pattern's rotation, degrees clockwise from true north; then lines
 *   `azimuth field`, azimuth 0..360 degrees, field the normalised field strength 0..1.
 * - `.el`: first line the mechanical tilt (degrees, positive below the horizon) and the azimuth it
 *   tilts toward; then lines `elevation field`, elevation −10..90 degrees **below** the horizon
 *   (negative above it), field 0..1.
 * Anything after a `;` is a comment, as SPLAT! reads it. SPLAT! carries no gain: it comes from the upload.
 *
 * The rotation is folded into the horizontal table (SPLAT!'s frame is our pattern's frame: a sector
 * mounted at azimuth 0 points the way SPLAT! points it; mounted at A, everything turns by A). The tilt
 * stays beside the tables (it acts by bearing, see antennaPatternDb), its azimuth in the same frame.
 *
 * Where SPLAT! leaves a field of 0 outside the entries a file gives, we interpolate round the circle
 * (.az) or hold the first and last entry (.el), as it does for lookups beyond −10..90 degrees.
 */
import type { AntennaPattern } from './antennaPattern.js';
import { fieldToAttenuationDb, PATTERN_POINTS, wrap360 } from './antennaPattern.js';
import { PatternFileError } from './patternFileError.js';
import { fieldAlongSpan, sampleCircle, type AngleField } from './patternTable.js';
import { numberOn, patternLines, type TextLine, wordCount, words } from './patternText.js';
import { verticalTableFromFront } from './verticalCut.js';

export interface SplatAzimuthFile {
  /** Degrees clockwise from true north (SPLAT!'s frame). */
  rotationDeg: number;
  /** By azimuth, degrees, before the rotation. */
  entries: AngleField[];
}

export interface SplatElevationFile {
  /** Degrees, positive below the horizon. */
  tiltDeg: number;
  /** Degrees clockwise from true north (SPLAT!'s frame). */
  tiltAzimuthDeg: number;
  /** By depression, degrees below the horizon (−10..90). */
  entries: AngleField[];
}

/** Lines with SPLAT!'s `;` comments cut off, those left empty dropped. */
function splatLines(text: string): TextLine[] {
  const lines = patternLines(text)
    .map((line) => ({ number: line.number, text: line.text.split(';')[0]!.trim() }))
    .filter((line) => line.text !== '');
  if (lines.length === 0) throw new PatternFileError(null, 'the file holds only comments');
  return lines;
}

function entriesOf(lines: TextLine[], angleName: string, minDeg: number, maxDeg: number): AngleField[] {
  if (lines.length === 0) throw new PatternFileError(null, `expected lines of "${angleName} field" after the first line, found none`);
  return lines.map((line) => {
    const parts = words(line.text);
    if (parts.length !== 2) throw new PatternFileError(line.number, `expected two numbers, ${angleName} and field, found ${wordCount(parts.length)}`);
    const angleDeg = numberOn(line, parts[0], `the ${angleName} in degrees`);
    const field = numberOn(line, parts[1], 'the normalised field (0 to 1)');
    if (angleDeg < minDeg || angleDeg > maxDeg) throw new PatternFileError(line.number, `${angleName} ${angleDeg} is outside ${minDeg} to ${maxDeg} degrees`);
    if (field < 0 || field > 1) throw new PatternFileError(line.number, `field ${field} is outside 0 to 1 (SPLAT! patterns are normalised field strength)`);
    return { angleDeg, field };
  });
}

/** Reads a SPLAT! .az file. Throws PatternFileError naming the line. */
export function readSplatAz(text: string): SplatAzimuthFile {
  const [first, ...rest] = splatLines(text);
  const head = words(first!.text);
  if (head.length !== 1) {
    throw new PatternFileError(
      first!.number,
      `expected the pattern's rotation (one number, degrees clockwise from true north), found ${wordCount(head.length)}`,
    );
  }
  const rotationDeg = numberOn(first!, head[0], "the pattern's rotation in degrees");
  if (Math.abs(rotationDeg) > 360) throw new PatternFileError(first!.number, `rotation ${rotationDeg} is outside -360 to 360 degrees`);
  return { rotationDeg, entries: entriesOf(rest, 'azimuth', 0, 360) };
}

/** Reads a SPLAT! .el file. Throws PatternFileError naming the line. */
export function readSplatEl(text: string): SplatElevationFile {
  const [first, ...rest] = splatLines(text);
  const head = words(first!.text);
  const tiltDeg = numberOn(first!, head[0], 'the mechanical tilt in degrees');
  // SPLAT! reads both numbers; with no tilt the azimuth does not matter and may be left out.
  if (head.length > 2 || (head.length === 1 && tiltDeg !== 0)) {
    throw new PatternFileError(first!.number, `expected the mechanical tilt and the azimuth it points toward (two numbers), found ${wordCount(head.length)}`);
  }
  const tiltAzimuthDeg = head.length === 2 ? numberOn(first!, head[1], 'the azimuth of the tilt in degrees') : 0;
  if (Math.abs(tiltDeg) > 90) throw new PatternFileError(first!.number, `mechanical tilt ${tiltDeg} is outside -90 to 90 degrees`);
  if (Math.abs(tiltAzimuthDeg) > 360) throw new PatternFileError(first!.number, `tilt azimuth ${tiltAzimuthDeg} is outside -360 to 360 degrees`);
  return { tiltDeg, tiltAzimuthDeg, entries: entriesOf(rest, 'elevation', -10, 90) };
}

/** The pattern of an .az file (or none: omnidirectional) and an .el file (or none: a flat vertical pattern). */
export function splatPattern(az: SplatAzimuthFile | null, el: SplatElevationFile | null, name: string, gainDbi: number): AntennaPattern {
  const horizontalDb = az
    ? sampleCircle(az.entries.map((e) => ({ angleDeg: e.angleDeg + az.rotationDeg, field: e.field })))
    : new Array<number>(PATTERN_POINTS).fill(0);
  let verticalDb = new Array<number>(PATTERN_POINTS).fill(0);
  if (el) {
    const fieldAt = fieldAlongSpan(el.entries);
    verticalDb = verticalTableFromFront((depressionDeg) => fieldToAttenuationDb(fieldAt(depressionDeg)));
  }
  return {
    name,
    format: 'splat',
    gainDbi,
    horizontalDb,
    verticalDb,
    tiltDeg: el?.tiltDeg ?? 0,
    tiltAzimuthDeg: el ? wrap360(el.tiltAzimuthDeg) : 0,
  };
}
