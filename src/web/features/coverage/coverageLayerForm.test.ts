import { zipSync, strToU8 } from 'fflate';
import { describe, expect, it } from 'vitest';
import type { CoverageLayer } from '../../../common/api/coverageLayers.js';
import { createLayerInput, splitServices, updateLayerInput } from '../../../common/api/coverageLayers.js';
import {
  coverageLayerForm,
  createLayerFormData,
  EMPTY_COVERAGE_LAYER_FORM,
  layerToForm,
  mappingsForColors,
  updateLayerBody,
} from './coverageLayerForm.js';
import type { CoverageLayerFormValues } from './coverageLayerForm.js';
import { kmlFileProblem, kmlTextFromKmz } from './kmlFile.js';

const form = (overrides: Partial<CoverageLayerFormValues>): CoverageLayerFormValues => ({
  ...EMPTY_COVERAGE_LAYER_FORM,
  name: 'North',
  provider_id: '3',
  services: 'Fiber, LTE',
  ...overrides,
});

function savedLayer(overrides: Partial<CoverageLayer>): CoverageLayer {
  return {
    id: 5,
    name: 'North',
    provider_id: 3,
    services: ['Fiber', 'LTE'],
    kml_data: true,
    kml_filename: 'north.kml',
    feature_count: 12,
    detected_colors: [],
    active: true,
    default_status: 'unknown',
    color_mappings: null,
    use_manual_override: false,
    manual_override_status: null,
    created_at: '2025-01-01T00:00:00.000Z',
    updated_at: '2025-01-01T00:00:00.000Z',
    ...overrides,
  };
}

describe('coverage layer form', () => {
  it('splits services by comma, trimmed, empties dropped', () => {
    expect(splitServices(' Fiber, LTE ,, ADSL ,')).toEqual(['Fiber', 'LTE', 'ADSL']);
  });

  it('requires a name, a provider and at least one service', () => {
    const result = coverageLayerForm.safeParse(form({ name: ' ', provider_id: '', services: ' , ' }));
    expect(result.success ? [] : result.error.issues.map((i) => i.message)).toEqual([
      'Layer name is required',
      'Provider is required',
      'At least one service is required',
    ]);
  });

  it('sends colour mappings on create only with the override off', () => {
    const mappings = [{ color: '#ff6600', status: 'live' as const, description: ' Fibre ' }];
    const off = createLayerFormData(form({ color_mappings: mappings }), null);
    expect(off.get('services')).toBe('["Fiber","LTE"]');
    expect(off.get('color_mappings')).toBe('[{"color":"#ff6600","status":"live","description":"Fibre"}]');
    expect(off.has('manual_override_status')).toBe(false);
    const on = createLayerFormData(form({ color_mappings: mappings, use_manual_override: true, manual_override_status: 'coming_soon' }), null);
    expect(on.has('color_mappings')).toBe(false);
    expect(on.get('manual_override_status')).toBe('coming_soon');
    expect(on.get('use_manual_override')).toBe('true');
  });

  it('sends colour mappings as null on update with the override on', () => {
    expect(updateLayerBody(form({ use_manual_override: true, manual_override_status: 'live' }))).toMatchObject({
      provider_id: 3,
      services: ['Fiber', 'LTE'],
      color_mappings: null,
      manual_override_status: 'live',
    });
  });

  it('loads saved mappings and offers detected colours that have none', () => {
    const layer = savedLayer({
      color_mappings: JSON.stringify([{ color: '#FF6600', status: 'live', description: 'Fibre' }]),
      detected_colors: ['#ff6600', '#2196f3'],
    });
    expect(layerToForm(layer).color_mappings).toEqual([
      { color: '#ff6600', status: 'live', description: 'Fibre' },
      { color: '#2196f3', status: 'default', description: '' },
    ]);
  });

  it('starts new colours left to the layer default and keeps the status of a colour seen before', () => {
    expect(mappingsForColors(['#ff6600', '#4caf50'], [{ color: '#ff6600', status: 'live', description: '' }])).toEqual([
      { color: '#ff6600', status: 'live', description: '' },
      { color: '#4caf50', status: 'default', description: '' },
    ]);
  });

  it('keeps a saved explicit unknown as unknown', () => {
    const layer = savedLayer({ color_mappings: JSON.stringify([{ color: '#9e9e9e', status: 'unknown', description: '' }]), detected_colors: ['#9e9e9e'] });
    expect(layerToForm(layer).color_mappings).toEqual([{ color: '#9e9e9e', status: 'unknown', description: '' }]);
  });
});

/** The contract with the server: the bodies the dialog sends are read as the values it meant. */
describe('layer bodies read by the server (createLayerInput, updateLayerInput)', () => {
  const textFields = (data: FormData) => {
    const out: Record<string, string> = {};
    data.forEach((value, key) => {
      if (typeof value === 'string') out[key] = value;
    });
    return out;
  };

  it('reads a new layer with its colour mappings', () => {
    const mappings = [{ color: '#ff6600', status: 'live' as const, description: ' Fibre ' }];
    const values = form({ color_mappings: mappings, active: false, default_status: 'coming_soon' });
    expect(coverageLayerForm.safeParse(values).success).toBe(true);
    expect(createLayerInput.parse(textFields(createLayerFormData(values, null)))).toEqual({
      name: 'North',
      provider_id: 3,
      services: ['Fiber', 'LTE'],
      active: false,
      default_status: 'coming_soon',
      use_manual_override: false,
      color_mappings: [{ color: '#ff6600', status: 'live', description: 'Fibre' }],
    });
  });

  it('reads an update with the override on', () => {
    const values = form({ name: ' North ', use_manual_override: true, manual_override_status: 'live' });
    expect(updateLayerInput.parse(updateLayerBody(values))).toEqual({
      name: 'North',
      provider_id: 3,
      services: ['Fiber', 'LTE'],
      active: true,
      default_status: 'unknown',
      use_manual_override: true,
      manual_override_status: 'live',
      color_mappings: null,
    });
  });
});

describe('KML files in the browser', () => {
  it('takes doc.kml from a KMZ, else the first .kml', () => {
    const kmz = zipSync({ 'images/a.png': new Uint8Array([1]), 'other.kml': strToU8('<kml>other</kml>'), 'doc.kml': strToU8('<kml>doc</kml>') });
    expect(kmlTextFromKmz(kmz)).toBe('<kml>doc</kml>');
    expect(kmlTextFromKmz(zipSync({ 'layers/x.kml': strToU8('<kml>x</kml>') }))).toBe('<kml>x</kml>');
    expect(() => kmlTextFromKmz(zipSync({ 'a.txt': strToU8('no') }))).toThrow();
  });

  it('refuses other file types and files over 50MB', () => {
    expect(kmlFileProblem({ name: 'a.KMZ', size: 10 })).toBeNull();
    expect(kmlFileProblem({ name: 'a.geojson', size: 10 })).toBe('Choose a .kml or .kmz file.');
    expect(kmlFileProblem({ name: 'a.kml', size: 50 * 1024 * 1024 + 1 })).toMatch(/larger than 50MB/);
  });
});
