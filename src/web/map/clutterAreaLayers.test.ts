import { describe, expect, it } from 'vitest';
import { CLUTTER_CLASSES } from '../../common/api/clutterAreas.js';
import { CLUTTER_CLASS_COLORS, CLUTTER_FILL_LAYER_ID, CLUTTER_LINE_LAYER_ID, clutterAreaLayers } from './clutterAreaLayers.js';

describe('clutter area layers', () => {
  it('colours each class its own way, fill and outline alike, grey for a class it does not know', () => {
    const [fill, line] = clutterAreaLayers(true);
    const expected = ['match', ['get', 'clutter_class'], ...CLUTTER_CLASSES.flatMap((name) => [name, CLUTTER_CLASS_COLORS[name]]), '#9e9e9e'];
    expect(fill.paint?.['fill-color']).toEqual(expected);
    expect(line.paint?.['line-color']).toEqual(expected);
    expect(new Set(Object.values(CLUTTER_CLASS_COLORS)).size).toBe(CLUTTER_CLASSES.length);
    expect(fill.paint?.['fill-opacity']).toBeLessThan(1);
  });

  it('adds both layers shown or hidden as asked', () => {
    expect(clutterAreaLayers(true).map((layer) => [layer.id, layer.layout?.visibility])).toEqual([
      [CLUTTER_FILL_LAYER_ID, 'visible'],
      [CLUTTER_LINE_LAYER_ID, 'visible'],
    ]);
    expect(clutterAreaLayers(false).map((layer) => layer.layout?.visibility)).toEqual(['none', 'none']);
  });
});
