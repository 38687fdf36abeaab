import { describe, expect, it } from 'vitest';
import {
  ZONE_POSITION_MESSAGE,
  ZONE_RING_CLOSED_MESSAGE,
  ZONE_RING_LENGTH_MESSAGE,
  ZONE_TOO_MANY_VERTICES_MESSAGE,
  zoneCrossingMessage,
  zoneGeometry,
  zoneInput,
  zoneUpdate,
  zoneVertexCount,
} from './zones.js';

const SQUARE: [number, number][] = [
  [18, -34],
  [18.1, -34],
  [18.1, -33.9],
  [18, -33.9],
  [18, -34],
];
/** A closed ring of `count` vertices on a small circle. */
const ringOf = (count: number): [number, number][] => {
  const ring = Array.from({ length: count }, (_, k): [number, number] => [
    18 + 0.1 * Math.cos((2 * Math.PI * k) / count),
    -34 + 0.1 * Math.sin((2 * Math.PI * k) / count),
  ]);
  return [...ring, ring[0]!];
};
const firstMessage = (result: { success: boolean; error?: { issues: { message: string }[] } }) => result.error?.issues[0]?.message;

describe('zoneGeometry', () => {
  it('takes a Polygon and a MultiPolygon and counts vertices without the closing positions', () => {
    const polygon = zoneGeometry.parse({ type: 'Polygon', coordinates: [SQUARE] });
    const multi = zoneGeometry.parse({ type: 'MultiPolygon', coordinates: [[SQUARE], [SQUARE, SQUARE]] });
    expect(zoneVertexCount(polygon)).toBe(4);
    expect(zoneVertexCount(multi)).toBe(12);
  });

  it('refuses open rings, short rings and positions out of range, each with its message', () => {
    expect(firstMessage(zoneGeometry.safeParse({ type: 'Polygon', coordinates: [SQUARE.slice(0, 4)] }))).toBe(ZONE_RING_CLOSED_MESSAGE);
    expect(firstMessage(zoneGeometry.safeParse({ type: 'Polygon', coordinates: [[SQUARE[0], SQUARE[1], SQUARE[0]]] }))).toBe(ZONE_RING_LENGTH_MESSAGE);
    const flipped = SQUARE.map(([lng, lat]) => [lat, lng + 100]);
    expect(firstMessage(zoneGeometry.safeParse({ type: 'Polygon', coordinates: [flipped] }))).toBe(ZONE_POSITION_MESSAGE);
  });

  it('takes 50,000 vertices and refuses 50,001', () => {
    expect(zoneGeometry.safeParse({ type: 'Polygon', coordinates: [ringOf(50_000)] }).success).toBe(true);
    expect(firstMessage(zoneGeometry.safeParse({ type: 'Polygon', coordinates: [ringOf(50_001)] }))).toBe(ZONE_TOO_MANY_VERTICES_MESSAGE);
  });
});

describe('zoneInput and zoneUpdate', () => {
  const input = { name: 'Bredasdorp', provider_id: 3, goal: 120, geometry: { type: 'Polygon', coordinates: [SQUARE] } };

  it('defaults active to true and leaves the optional fields out', () => {
    expect(zoneInput.parse(input)).toEqual({ ...input, active: true });
  });

  it('refuses a goal outside 1..1,000,000 and a date that is not one', () => {
    expect(zoneInput.safeParse({ ...input, goal: 0 }).success).toBe(false);
    expect(zoneInput.safeParse({ ...input, goal: 1_000_001 }).success).toBe(false);
    expect(zoneInput.safeParse({ ...input, goal: 1.5 }).success).toBe(false);
    expect(zoneInput.safeParse({ ...input, deadline: '2026-02-30' }).success).toBe(false);
    expect(zoneInput.parse({ ...input, deadline: '2027-03-31' }).deadline).toBe('2027-03-31');
  });

  it('clears the deadline and message of an update with null or empty text', () => {
    expect(zoneUpdate.parse({ deadline: '', message: null })).toEqual({ deadline: null, message: null });
    expect(zoneUpdate.parse({})).toEqual({});
  });
});

describe('zoneCrossingMessage', () => {
  it('names the place as latitude, longitude to 5 decimals', () => {
    expect(zoneCrossingMessage(-33.123456, 18.5)).toBe("The zone's outline crosses itself near -33.12346, 18.50000");
  });
});
