import { contours } from 'd3-contour';
import type { Feature, MultiPolygon, Position } from 'geojson';
import { signalBand, type SignalBand } from '../../common/signalBands.js';
import { simplifyRing } from '../simplifyRing.js';
import { isLineOfSight, NO_SIGNAL, type Footprint } from './footprint.js';

/** The bands a footprint draws, weakest first; Unusable is not drawn. */
export const FOOTPRINT_BANDS = ['Poor', 'Fair', 'Good', 'Excellent'] as const satisfies readonly SignalBand[];
export type FootprintBand = (typeof FOOTPRINT_BANDS)[number];

export interface FootprintBandProperties {
  /** The weakest band of the area: it holds cells of this band or better. */
  band: FootprintBand;
  /** Rank of the band, 1 (Poor) to 4 (Excellent): areas of higher ranks lie inside those of lower. */
  rank: number;
}

/**
 * How far a band area's boundary may move when it is simplified, grid cells. Marching squares
 * draws a point on every cell edge the boundary crosses, a staircase along any slope but the
 * axes and diagonals; within half a cell, the resolution the area is drawn at anyway, most of
 * those points go: on the sectorMemory benchmark's 1-arc-second hills a 10 km tower's areas keep
 * 2,386 positions of 10,585, and so its stored areas, exports and the overlay's tile index
 * shrink alike.
 */
export const BAND_SIMPLIFY_CELLS = 0.5;

/**
 * Degrees rounded to 7 decimals (about a centimetre): a cell is tens of metres, and the stored
 * text of each position is half as long as with every digit of a double.
 */
const roundDegrees = (degrees: number) => Math.round(degrees * 1e7) / 1e7;

/**
 * A ring keeps at least this many points besides its first and last, so that a lone cell keeps
 * its diamond rather than collapse to a line.
 */
const MIN_INNER_POINTS = 3;

/**
 * A footprint's cells that see the tower as nested areas, one MultiPolygon per band ([lng, lat] degrees, GeoJSON ring
 * order): the Poor area holds every cell of Poor signal or better, the Fair area those of Fair or
 * better, and so on, so drawing them weakest first shows each cell in its own band. Marching
 * squares over the band ranks (d3-contour, no interpolation) draws each boundary between a cell
 * inside and one outside, so an area follows its cells to within half a cell (corners are cut
 * diagonally); each ring is then simplified (Douglas-Peucker, `toleranceCells`), so the area
 * follows that traced boundary to within another half cell. Bands without cells are left out.
 * A cell's band is that of its signal less `marginDb` (the reliability margin, dB: the areas are
 * drawn at a reliability, common/serviceLikelihood.ts reliabilityMarginDb; 0, the median).
 */
export function footprintBandAreas(footprint: Footprint, toleranceCells = BAND_SIMPLIFY_CELLS, marginDb = 0): Feature<MultiPolygon, FootprintBandProperties>[] {
  const { rows, cols } = footprint;
  const ranks = new Float64Array(rows * cols);
  for (let cell = 0; cell < rows * cols; cell++) {
    const value = footprint.signalDeciDbm[cell]!;
    // Serviceable is line of sight and a usable signal: under ITM a hidden cell has a signal too.
    if (value === NO_SIGNAL || !isLineOfSight(footprint, cell)) continue;
    // Unusable after the margin: indexOf answers −1, rank 0, not drawn.
    ranks[cell] = FOOTPRINT_BANDS.indexOf(signalBand(value / 10 - marginDb) as FootprintBand) + 1;
  }
  const traced = contours()
    .size([cols, rows])
    .smooth(false)
    .thresholds(FOOTPRINT_BANDS.map((_, i) => i + 1))(Array.from(ranks));
  // d3-contour's x, y run over [0, cols] x [0, rows], cell (r, c) spanning [c, c + 1] x [r, r + 1]; cell centres are at our grid's points.
  // Its y runs down an image where our rows run north, so each ring is reversed to keep exterior rings counter-clockwise.
  const toLngLat = ([x, y]: Position): Position => [
    roundDegrees(footprint.west + (x! - 0.5) * footprint.cellLngDeg),
    roundDegrees(footprint.south + (y! - 0.5) * footprint.cellLatDeg),
  ];
  return traced
    .filter((area) => area.coordinates.length > 0)
    .map((area) => {
      const rank = area.value;
      return {
        type: 'Feature' as const,
        properties: { band: FOOTPRINT_BANDS[rank - 1]!, rank },
        geometry: {
          type: 'MultiPolygon' as const,
          coordinates: area.coordinates.map((polygon) => polygon.map((ring) => simplifyRing(ring, toleranceCells, MIN_INNER_POINTS).map(toLngLat).reverse())),
        },
      };
    });
}
