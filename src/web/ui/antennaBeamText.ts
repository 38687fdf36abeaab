/**
 * How the admin screens write a pattern's half-power beamwidth (the pattern library and the tower
 * dialog's sectors alike): "65°", to a tenth of a degree, or "omni" for a cut that never falls 3 dB.
 */
export function beamText(widthDeg: number): string {
  return widthDeg >= 360 ? 'omni' : `${Number(widthDeg.toFixed(1))}°`;
}
