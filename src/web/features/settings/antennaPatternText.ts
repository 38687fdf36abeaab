import type { AntennaPatternSummary } from '../../../common/api/antennaPatterns.js';
import { beamText } from '../../ui/antennaBeamText.js';

/** How the library names each format a pattern was read from. */
export const FORMAT_LABELS: Record<AntennaPatternSummary['format'], string> = {
  planet_msi: 'Planet / MSI',
  radio_mobile_ant: 'Radio Mobile .ant',
  splat: 'SPLAT! .az/.el',
  builtin: 'Built-in (3GPP model)',
};

/** The file types the upload takes (the server tells them apart by content, these are what a picker offers). */
export const PATTERN_FILE_ACCEPT = '.msi,.pln,.txt,.ant,.az,.el';

/**
 * Whether the chosen files are of a format that may carry no gain, so the dialog asks for one:
 * SPLAT!'s .az/.el never do, a Radio Mobile .ant only sometimes.
 */
export function gainMayBeNeeded(fileNames: readonly string[]): boolean {
  return fileNames.some((name) => /\.(az|el|ant)$/i.test(name));
}

/** "65° × 7°" (horizontal × vertical half-power beamwidth), "omni" for a cut that never falls 3 dB. */
export function beamwidthText(pattern: Pick<AntennaPatternSummary, 'horizontal_beamwidth_deg' | 'vertical_beamwidth_deg'>): string {
  return `${beamText(pattern.horizontal_beamwidth_deg)} × ${beamText(pattern.vertical_beamwidth_deg)}`;
}
