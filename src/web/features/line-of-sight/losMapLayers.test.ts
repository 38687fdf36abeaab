import type { ExpressionSpecification } from 'maplibre-gl';
import { describe, expect, it } from 'vitest';
import type { FilterSpecification } from 'maplibre-gl';
import { LOS_COLORS, LOS_LAYERS, SIGHT_LINE_LAYER, sightLineLayers, sightLines, tileFootprints, towerMarkerLayer, towerMarkers } from './losMapLayers.js';
import { link, losResult, tower } from './testing/losTestData.js';

const towers = [
  tower({ id: 1, name: 'Clear One', latitude: -33.5, longitude: 18.35 }),
  tower({ id: 2, name: 'Blocked One', latitude: -33.5, longitude: 18.2 }),
  tower({ id: 3, name: 'Switched off', active: false }),
];
const result = losResult([link({ tower_id: 1 }), link({ tower_id: 2, has_line_of_sight: false }), link({ tower_id: 3 })]);
const target = { lat: -33.5, lng: 18.3 };

/** Evaluates the ['case', ['to-boolean', ['get', prop]], a, b] expressions these layers use. */
function byFlag(expression: unknown, properties: Record<string, unknown>): unknown {
  const [op, [, [, prop]], whenTrue, whenFalse] = expression as ['case', ['to-boolean', ['get', string]], unknown, unknown];
  expect(op).toBe('case');
  return properties[prop] ? whenTrue : whenFalse;
}

/** Evaluates the two filter forms the line layers use: ['to-boolean', ['get', p]] and ['==', ['get', p], value]. */
function matches(filter: FilterSpecification | undefined, properties: object): boolean {
  const [op, [, prop], value] = filter as [string, ['get', string], unknown];
  const actual: unknown = (properties as Record<string, unknown>)[prop];
  if (op === 'to-boolean') return Boolean(actual);
  expect(op).toBe('==');
  return actual === value;
}

describe('line-of-sight drawing', () => {
  it('draws only active towers, blue when clear to the target and grey otherwise', () => {
    const markers = towerMarkers(towers, result, 2);
    expect(markers.features.map((f) => f.properties)).toEqual([
      { id: 1, name: 'Clear One', clear: true, selected: false },
      { id: 2, name: 'Blocked One', clear: false, selected: true },
    ]);
    expect(markers.features[0]?.geometry.coordinates).toEqual([18.35, -33.5]);
    const color = towerMarkerLayer().paint?.['circle-color'];
    expect(byFlag(color, { clear: true })).toBe(LOS_COLORS.clearTower);
    expect(byFlag(color, { clear: false })).toBe(LOS_COLORS.otherTower);
    // Before any analysis no tower is clear.
    expect(towerMarkers(towers, undefined, null).features.every((f) => !f.properties.clear)).toBe(true);
  });

  it('draws a line from each analysed active tower to the target: clear green solid, blocked red dashed', () => {
    const lines = sightLines(towers, result, target, 1);
    expect(lines.features.map((f) => [f.properties.tower_id, f.properties.clear, f.properties.selected])).toEqual([
      [1, true, true],
      [2, false, false],
    ]);
    expect(lines.features[0]?.geometry.coordinates).toEqual([
      [18.35, -33.5],
      [18.3, -33.5],
    ]);
    const layers = sightLineLayers();
    const blocked = layers.find((layer) => layer.id === LOS_LAYERS.blockedLines)!;
    const clear = layers.find((layer) => layer.id === LOS_LAYERS.clearLines)!;
    expect(blocked.paint).toMatchObject({ 'line-color': LOS_COLORS.blockedLine, 'line-dasharray': [2, 2] });
    expect(blocked.filter).toEqual(['==', ['get', 'verdict'], 'blocked']);
    expect(clear.paint).toMatchObject({ 'line-color': LOS_COLORS.clearLine });
    expect(clear.paint?.['line-dasharray']).toBeUndefined();
    expect(clear.filter).toEqual(['to-boolean', ['get', 'clear']]);
    expect(byFlag(clear.paint?.['line-width'] as ExpressionSpecification, { selected: true })).toBeGreaterThan(
      byFlag(clear.paint?.['line-width'], { selected: false }) as number,
    );
    expect(LOS_COLORS.clearLine).toMatch(/^#2e7d32$/);
    expect(LOS_COLORS.blockedLine).toMatch(/^#d32f2f$/);
  });

  it('draws the line to a tower beyond its coverage radius grey dotted, by one layer only, and not as a blocked one', () => {
    const farTower = tower({ id: 4, name: 'Far Away', latitude: -33.5, longitude: 18.9 });
    const answer = losResult([
      link({ tower_id: 1 }),
      link({ tower_id: 2, has_line_of_sight: false }),
      link({ tower_id: 4, has_line_of_sight: false, in_range: false, fresnel_clearance_pct: null, obstruction: null, profile: [] }),
    ]);
    const lines = sightLines([...towers, farTower], answer, target, null);
    expect(lines.features.map((f) => [f.properties.tower_id, f.properties.verdict])).toEqual([
      [1, 'clear'],
      [2, 'blocked'],
      [4, 'out_of_range'],
    ]);
    const layers = sightLineLayers();
    // Drawn first, under the analysed lines it may run along.
    expect(layers.map((layer) => layer.id)).toEqual([LOS_LAYERS.outOfRangeLines, LOS_LAYERS.blockedLines, LOS_LAYERS.clearLines]);
    // Each line is drawn by exactly the layer its verdict names.
    for (const feature of lines.features) {
      expect(layers.filter((layer) => matches(layer.filter, feature.properties)).map((layer) => layer.id)).toEqual([
        SIGHT_LINE_LAYER[feature.properties.verdict],
      ]);
    }
    const outOfRange = layers.find((layer) => layer.id === LOS_LAYERS.outOfRangeLines);
    expect(outOfRange?.paint).toMatchObject({ 'line-color': LOS_COLORS.outOfRangeLine, 'line-dasharray': [0, 2] });
    expect(outOfRange?.layout).toMatchObject({ 'line-cap': 'round' });
    expect(LOS_COLORS.outOfRangeLine).toBe('#757575');
  });

  it('draws no lines without a target or an answer', () => {
    expect(sightLines(towers, result, null, null).features).toEqual([]);
    expect(sightLines(towers, undefined, target, null).features).toEqual([]);
  });

  it('outlines each terrain tile as its one-degree square', () => {
    const [square] = tileFootprints([{ name: 'S34E018', south: -34, west: 18, arc_seconds: 3, bytes: 2_884_802 }]).features;
    expect(square?.properties.name).toBe('S34E018');
    expect(square?.geometry.coordinates).toEqual([
      [
        [18, -34],
        [19, -34],
        [19, -33],
        [18, -33],
        [18, -34],
      ],
    ]);
  });
});
