import { describe, expect, it } from 'vitest';
import { losBasemapLayers } from './losBasemap.js';

const losMap = {
  terrain: { tiles: ['https://topo.example/{z}/{x}/{y}.png'], attribution: 'Topo' },
  satellite: { tiles: ['https://sat.example/{z}/{y}/{x}'], attribution: 'Imagery' },
  labels: { tiles: ['https://labels.example/{z}/{y}/{x}'], attribution: 'Labels' },
};

describe('line-of-sight map types', () => {
  it('draws Terrain from the terrain tiles, Satellite from the imagery, Hybrid as imagery under labels', () => {
    const tilesOf = (type: 'terrain' | 'satellite' | 'hybrid') => losBasemapLayers(losMap, type).map((layer) => layer.source.tiles?.[0]);
    expect(tilesOf('terrain')).toEqual(['https://topo.example/{z}/{x}/{y}.png']);
    expect(tilesOf('satellite')).toEqual(['https://sat.example/{z}/{y}/{x}']);
    expect(tilesOf('hybrid')).toEqual(['https://sat.example/{z}/{y}/{x}', 'https://labels.example/{z}/{y}/{x}']);
    expect(losBasemapLayers(losMap, 'terrain')[0]?.source.attribution).toBe('Topo');
  });

  it('has no tile layers for a type without tiles, or before the configuration arrives (the map still draws)', () => {
    expect(losBasemapLayers({ ...losMap, satellite: { tiles: [], attribution: '' } }, 'hybrid').map((layer) => layer.id)).toEqual(['los-basemap-labels']);
    expect(losBasemapLayers(undefined, 'terrain')).toEqual([]);
  });
});
