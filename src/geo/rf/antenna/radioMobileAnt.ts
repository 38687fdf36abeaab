/**
 * Radio Mobile's `.ant` antenna files (Roger Coudé's Radio Mobile; the layout as its documentation
 * site radiomobile.pe1mew.nl, "File formats > Antenna .ant format V1/V2/V3", describes it): one number
 * a line, the gain in dB relative to the antenna's peak (0 or negative). The peak gain itself is not in the file (Radio Mobile asks for it beside the file).
 *
 * - 360 values (V1): the horizontal cut, 0..359 degrees clockwise from the boresight; no vertical cut.
 * - 540 or 541 values (V2): the horizontal cut, then the vertical cut ahead from +90 degrees (straight
 *   up) down to −89 (or −90), one a degree; behind is drawn as the mirror image.
 * - 720 values (V3): the horizontal cut, then the whole vertical circle starting straight up and going
 *   down ahead: +90, 89, … 0 (the horizon ahead, line 451), … −90 (straight down, line 541), … −180
 *   (the horizon behind, line 631), then +179 … +91. Entry k of it is Planet/MSI's entry (k − 90) mod 360.
 */
import { MAX_ATTENUATION_DB, PATTERN_POINTS, type AntennaPattern } from './antennaPattern.js';
import { PatternFileError } from './patternFileError.js';
import { numberOn, patternLines, wordCount, words } from './patternText.js';
import { verticalTableFromFront } from './verticalCut.js';

const HORIZONTAL_ONLY = 360;
const WITH_FRONT_CUT = [540, 541];
const WITH_FULL_CUT = 720;

/** Reads a Radio Mobile .ant file into a pattern of the given name and peak gain. Throws PatternFileError naming the line. */
export function readRadioMobileAnt(text: string, name: string, gainDbi: number): AntennaPattern {
  const lines = patternLines(text);
  const values = lines.map((line) => {
    const parts = words(line.text);
    if (parts.length !== 1) throw new PatternFileError(line.number, `expected one value (dB relative to the peak), found ${wordCount(parts.length)}`);
    const value = numberOn(line, parts[0], 'a value in dB relative to the peak');
    if (value > 0) throw new PatternFileError(line.number, `${value} dB is above the peak: .ant values are gains relative to the peak, 0 or negative`);
    return Math.min(MAX_ATTENUATION_DB, Math.abs(value));
  });
  const count = values.length;
  if (count !== HORIZONTAL_ONLY && !WITH_FRONT_CUT.includes(count) && count !== WITH_FULL_CUT) {
    throw new PatternFileError(
      lines.at(-1)!.number,
      `expected 360 horizontal values, optionally followed by 180 (or 181) or 360 vertical ones, one a line; found ${count} values`,
    );
  }
  const horizontalDb = values.slice(0, PATTERN_POINTS);
  const vertical = values.slice(PATTERN_POINTS);
  let verticalDb: number[];
  if (count === WITH_FULL_CUT) {
    verticalDb = Array.from({ length: PATTERN_POINTS }, (_, i) => vertical[(i + 90) % PATTERN_POINTS]!);
  } else if (count === HORIZONTAL_ONLY) {
    verticalDb = new Array<number>(PATTERN_POINTS).fill(0);
  } else {
    // Entry k is the elevation 90 − k, so the depression d ahead is entry d + 90 (the last one beyond −89 when only 180 are given).
    verticalDb = verticalTableFromFront((depressionDeg) => vertical[Math.min(depressionDeg + 90, vertical.length - 1)]!);
  }
  return { name, format: 'radio_mobile_ant', gainDbi, horizontalDb, verticalDb, tiltDeg: 0, tiltAzimuthDeg: 0 };
}
