/**
 * Sampling a pattern's tables. Between two entries the normalised field (not the dB figure) changes
 * linearly, as SPLAT! interpolates its .az/.el tables (notes/splat.md: 240° → 0.1 and 270° → 0.2
 * give 0.160 at 258°).
 */
import { attenuationDbToField, fieldToAttenuationDb, PATTERN_POINTS, wrap360 } from './antennaPattern.js';

/** One entry of a file's table: an angle in degrees and the normalised field there (0..1). */
export interface AngleField {
  angleDeg: number;
  field: number;
}

/** The field of a 360-entry dB table at any angle (degrees, wrapped), linear in field between the entries either side. */
export function fieldAt(tableDb: readonly number[], angleDeg: number): number {
  const a = wrap360(angleDeg);
  const below = Math.floor(a);
  const t = a - below;
  const here = attenuationDbToField(tableDb[below]!);
  if (t === 0) return here;
  return here + (attenuationDbToField(tableDb[(below + 1) % PATTERN_POINTS]!) - here) * t;
}

/** The attenuation, dB ≥ 0, of a 360-entry dB table at any angle (degrees), linear in field between entries. */
export function attenuationAt(tableDb: readonly number[], angleDeg: number): number {
  return fieldToAttenuationDb(fieldAt(tableDb, angleDeg));
}

/**
 * Entries at any angles around a circle (degrees; 360 is 0) sampled at every whole degree 0..359, as
 * attenuations in dB, linear in field between neighbours and across 0/360. Entries at the same angle
 * are averaged (as SPLAT! does).
 */
export function sampleCircle(entries: readonly AngleField[]): number[] {
  const points = mergeSameAngles(entries.map((e) => ({ angleDeg: wrap360(e.angleDeg), field: e.field })));
  const first = points[0]!;
  const last = points.at(-1)!;
  // Closing the circle: the first entry again one turn on, the last one turn back.
  const ring = [{ angleDeg: last.angleDeg - 360, field: last.field }, ...points, { angleDeg: first.angleDeg + 360, field: first.field }];
  return Array.from({ length: PATTERN_POINTS }, (_, deg) => fieldToAttenuationDb(interpolate(ring, deg)));
}

/**
 * The field of entries along a span (degrees, not a circle) as a function of the angle: linear
 * between neighbours, held at the first and last entry beyond them.
 */
export function fieldAlongSpan(entries: readonly AngleField[]): (angleDeg: number) => number {
  const points = mergeSameAngles(entries);
  const first = points[0]!;
  const last = points.at(-1)!;
  return (angleDeg) => (angleDeg <= first.angleDeg ? first.field : angleDeg >= last.angleDeg ? last.field : interpolate(points, angleDeg));
}

/** Sorted by angle, one entry an angle (the mean field of entries at the same angle). */
function mergeSameAngles(entries: readonly AngleField[]): AngleField[] {
  const sorted = [...entries].sort((a, b) => a.angleDeg - b.angleDeg);
  const merged: { angleDeg: number; sum: number; count: number }[] = [];
  for (const { angleDeg, field } of sorted) {
    const previous = merged.at(-1);
    if (previous && previous.angleDeg === angleDeg) {
      previous.sum += field;
      previous.count += 1;
    } else merged.push({ angleDeg, sum: field, count: 1 });
  }
  return merged.map((m) => ({ angleDeg: m.angleDeg, field: m.sum / m.count }));
}

/** Linear interpolation in sorted points whose span holds `angleDeg`. */
function interpolate(points: readonly AngleField[], angleDeg: number): number {
  const hi = points.findIndex((p) => p.angleDeg >= angleDeg);
  if (hi === 0) return points[0]!.field;
  if (hi === -1) return points.at(-1)!.field;
  const a = points[hi - 1]!;
  const b = points[hi]!;
  return a.field + ((b.field - a.field) * (angleDeg - a.angleDeg)) / (b.angleDeg - a.angleDeg);
}
