/**
 * The geometry of an antenna pattern's polar plot (PatternPolarPlot): attenuation in dB below the
 * peak as a radius, 0 dB at the rim and PLOT_FLOOR_DB at the centre, in SVG coordinates (y down).
 */

/** The centre of the plot, dB below the peak: deeper attenuation is drawn there. */
export const PLOT_FLOOR_DB = 40;
/** The rings drawn and labelled, dB below the peak. */
export const PLOT_RINGS_DB = [0, 10, 20, 30] as const;

/** Radius of an attenuation, 0 (at or below the floor) to `rimRadius` (the peak). */
export function radiusOf(attenuationDb: number, rimRadius: number): number {
  return rimRadius * (1 - Math.min(Math.max(attenuationDb, 0), PLOT_FLOOR_DB) / PLOT_FLOOR_DB);
}

/**
 * Where a cut's angle points on the plot, as a unit vector in SVG coordinates. The horizontal cut is
 * seen from above, its boresight up and angles clockwise; the vertical cut from the side, the
 * horizon ahead to the right and angles below the horizon downward (90° straight down).
 */
export function directionOf(cut: 'horizontal' | 'vertical', angleDeg: number): [number, number] {
  const a = (angleDeg * Math.PI) / 180;
  return cut === 'horizontal' ? [Math.sin(a), -Math.cos(a)] : [Math.cos(a), Math.sin(a)];
}

/** The SVG path of a 360-entry table of attenuations around (cx, cy), closed. */
export function polarPath(cut: 'horizontal' | 'vertical', tableDb: readonly number[], cx: number, cy: number, rimRadius: number): string {
  const points = tableDb.map((db, angle) => {
    const [dx, dy] = directionOf(cut, angle);
    const r = radiusOf(db, rimRadius);
    return `${(cx + dx * r).toFixed(2)},${(cy + dy * r).toFixed(2)}`;
  });
  return points.length === 0 ? '' : `M${points.join('L')}Z`;
}
