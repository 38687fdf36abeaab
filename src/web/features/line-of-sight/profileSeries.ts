import type { LosTowerResult } from '../../../common/api/lineOfSight.js';

/** One x position of the elevation profile chart; heights in metres above sea level. */
export interface ProfileDatum {
  distance_km: number;
  /** The terrain the ray must clear: ground plus the earth's bulge. */
  terrain: number;
  /** Filled from the chart's floor up to `terrain`. */
  terrainBand: [number, number];
  ray: number;
  /** The first Fresnel zone around the ray, [lower, upper]. */
  fresnelBand: [number, number];
  /** The lower edge of 60% of the first Fresnel zone, the clearance a link needs. */
  fresnel60: number;
}

export interface ProfileSeries {
  data: ProfileDatum[];
  /** The y axis range, rounded outwards to a step that suits the relief. */
  yDomain: [number, number];
  /** Round heights from the floor to the ceiling. */
  yTicks: number[];
  /** Round distances from 0 up to the path length. */
  xTicks: number[];
  /** The path length, km (the x axis runs from 0). */
  lengthKm: number;
  /** The point that comes closest to (or cuts into) the ray; `blocks` when it rises above the ray itself. */
  obstruction: { distance_km: number; height_m: number; cut_m: number; blocks: boolean } | null;
}

/** A round step for an axis spanning `span`: 1, 2 or 5 times a power of ten, about 1/`parts` of it. */
function niceStep(span: number, parts = 10): number {
  const rough = (span > 0 ? span : 1) / parts;
  const power = 10 ** Math.floor(Math.log10(rough));
  const scaled = rough / power;
  return (scaled <= 1 ? 1 : scaled <= 2 ? 2 : scaled <= 5 ? 5 : 10) * power;
}

const round2 = (v: number) => Math.round(v * 100) / 100;

/** from, from + step, … up to `to` (inclusive, within rounding), rounded against floating-point drift. */
function steps(from: number, to: number, step: number): number[] {
  const out: number[] = [];
  for (let i = 0; from + i * step <= to + step * 1e-9; i++) out.push(Number((from + i * step).toPrecision(12)));
  return out;
}

/**
 * The chart's series from a tower's profile (tower at distance 0): the effective terrain
 * (terrain_m + bulge_m) filled from the floor, the ray, the first Fresnel zone (ray ± fresnel_m) and
 * the 60% line (ray − 0.6 fresnel_m). The y range holds all of them with a margin. Null when the
 * path was not analysed (out of range: no profile).
 */
export function profileSeries(link: Pick<LosTowerResult, 'profile' | 'obstruction'>): ProfileSeries | null {
  const { profile } = link;
  if (profile.length < 2) return null;
  let low = Infinity;
  let high = -Infinity;
  for (const point of profile) {
    const terrain = point.terrain_m + point.bulge_m;
    low = Math.min(low, terrain, point.ray_m - point.fresnel_m);
    high = Math.max(high, terrain, point.ray_m + point.fresnel_m);
  }
  const step = niceStep(high - low);
  // At least half a step of margin on either side, so the terrain never sits on the axis.
  const floor = Math.floor((low - step / 2) / step) * step;
  const ceiling = Math.ceil((high + step / 2) / step) * step;
  const data = profile.map((point): ProfileDatum => {
    const terrain = round2(point.terrain_m + point.bulge_m);
    return {
      distance_km: point.distance_km,
      terrain,
      terrainBand: [floor, terrain],
      ray: round2(point.ray_m),
      fresnelBand: [round2(point.ray_m - point.fresnel_m), round2(point.ray_m + point.fresnel_m)],
      fresnel60: round2(point.ray_m - 0.6 * point.fresnel_m),
    };
  });
  const lengthKm = profile[profile.length - 1]!.distance_km;
  return {
    data,
    yDomain: [floor, ceiling],
    yTicks: steps(floor, ceiling, step),
    xTicks: steps(0, lengthKm, niceStep(lengthKm, 6)),
    lengthKm,
    obstruction: link.obstruction ? { ...link.obstruction, blocks: link.obstruction.cut_m > 0 } : null,
  };
}
