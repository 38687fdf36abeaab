import type { FilterSpecification, LayerSpecification } from 'maplibre-gl';
import { describe, expect, it } from 'vitest';
import { COVERAGE_OVERVIEW_MAX_ZOOM } from '../../common/mapDefaults.js';
import { COVERAGE_SOURCE_LAYER, coverageOverlayLayers, coverageSource } from './coverageOverlayLayers.js';

const lines = () => coverageOverlayLayers().filter((layer): layer is Extract<LayerSpecification, { type: 'line' }> => layer.type === 'line');
const lineFor = (status: string) => lines().find((layer) => layer.id === `coverage-line-${status}`);

/** Evaluates the small filter subset the overlay uses, for one feature's service_status. */
function matches(filter: FilterSpecification | undefined, status: unknown): boolean {
  const [op, a, b] = filter as unknown as [string, unknown, unknown];
  if (op === '==') return status === b;
  if (op === '!') return !matches(a as FilterSpecification, status);
  if (op === 'in') return (b as [string, unknown[]])[1].includes(status);
  throw new Error(`unexpected filter ${op}`);
}

/** Evaluates a layout value at a zoom: a constant, or the ['step', ['zoom'], ...] the overlay uses. */
function atZoom(value: unknown, zoom: number): unknown {
  if (!Array.isArray(value)) return value;
  const [op, input, first, ...stops] = value as [string, unknown, unknown, ...unknown[]];
  if (op !== 'step' || JSON.stringify(input) !== '["zoom"]') throw new Error(`unexpected expression ${JSON.stringify(value)}`);
  let result = first;
  for (let i = 0; i < stops.length; i += 2) if (zoom >= (stops[i] as number)) result = stops[i + 1];
  return result;
}

describe('coverage overlay layers', () => {
  it('draws live solid orange and the other statuses dashed green, blue and grey', () => {
    expect(lineFor('live')?.paint).toMatchObject({ 'line-color': '#ff6600' });
    expect(lineFor('live')?.paint?.['line-dasharray']).toBeUndefined();
    expect(lineFor('in_progress')?.paint).toMatchObject({ 'line-color': '#4caf50', 'line-dasharray': [2, 2] });
    expect(lineFor('coming_soon')?.paint).toMatchObject({ 'line-color': '#2196f3', 'line-dasharray': [2, 2] });
    expect(lineFor('unknown')?.paint).toMatchObject({ 'line-color': '#9e9e9e', 'line-dasharray': [2, 2] });
  });

  it('gives every feature exactly one outline, drawing unrecognised statuses as unknown', () => {
    for (const status of ['live', 'in_progress', 'coming_soon', 'unknown', 'planned', undefined]) {
      const drawing = lines()
        .filter((layer) => matches(layer.filter, status))
        .map((layer) => layer.id);
      expect(drawing).toEqual([`coverage-line-${status === 'planned' || status === undefined ? 'unknown' : status}`]);
    }
  });

  it('fills translucently in the status colour, under the outlines, from the coverage tiles', () => {
    const [fill] = coverageOverlayLayers();
    expect(fill).toMatchObject({ type: 'fill', 'source-layer': COVERAGE_SOURCE_LAYER });
    const paint = (fill as Extract<LayerSpecification, { type: 'fill' }>).paint;
    expect(paint?.['fill-color']).toEqual([
      'match',
      ['get', 'service_status'],
      'live',
      '#ff6600',
      'in_progress',
      '#4caf50',
      'coming_soon',
      '#2196f3',
      '#9e9e9e',
    ]);
    // ['match', ['get', 'service_status'], 'live', n, 'in_progress', n, 'coming_soon', n, fallback n (unknown)]
    expect(paint?.['fill-opacity']).toEqual([
      'match',
      ['get', 'service_status'],
      'live',
      expect.any(Number),
      'in_progress',
      expect.any(Number),
      'coming_soon',
      expect.any(Number),
      expect.any(Number),
    ]);
    const opacities = (paint?.['fill-opacity'] as unknown[]).filter((v): v is number => typeof v === 'number');
    expect(opacities).toHaveLength(4);
    for (const opacity of opacities) {
      expect(opacity).toBeGreaterThan(0);
      expect(opacity).toBeLessThan(0.5);
    }
    expect(coverageSource('https://maps.example').tiles).toEqual(['https://maps.example/api/coverage_tiles/{z}/{x}/{y}.pbf']);
  });

  it('joins outlines mitred at the overview zooms, where a country view holds thousands of polygons, and round deeper', () => {
    const deeper = COVERAGE_OVERVIEW_MAX_ZOOM + 1;
    for (const layer of lines()) {
      const join = layer.layout?.['line-join'];
      expect(
        [0, 5, deeper - 0.01].map((zoom) => atZoom(join, zoom)),
        layer.id,
      ).toEqual(['miter', 'miter', 'miter']);
      expect(
        [deeper, 12, 22].map((zoom) => atZoom(join, zoom)),
        layer.id,
      ).toEqual(['round', 'round', 'round']);
    }
  });
});
