import { describe, expect, it } from 'vitest';
import { assignedColorCount, parseColorMappings } from '../../common/colorMappings.js';
import { featureStatus, type LayerStatusRules } from './featureStatus.js';

const rules = (overrides: Partial<LayerStatusRules> = {}): LayerStatusRules => ({
  useManualOverride: false,
  manualOverrideStatus: null,
  colorMappings: [
    { color: '#ff6600', status: 'live', description: 'Fibre live' },
    { color: '#4caf50', status: 'in_progress', description: '' },
    { color: '#2196f3', status: 'default', description: 'Planned' },
    { color: '#9e9e9e', status: 'unknown', description: '' },
  ],
  defaultStatus: 'coming_soon',
  ...overrides,
});

describe('featureStatus', () => {
  it('takes the status mapped to the polygon colour, whatever its case', () => {
    expect(featureStatus('#ff6600', rules())).toBe('live');
    expect(featureStatus('#4CAF50', rules())).toBe('in_progress');
  });

  it('falls back to the default status for an unmapped colour or no colour', () => {
    expect(featureStatus('#123456', rules())).toBe('coming_soon');
    expect(featureStatus(null, rules())).toBe('coming_soon');
  });

  it('gives a colour left to the layer default the default status, and keeps an explicit unknown', () => {
    expect(featureStatus('#2196f3', rules())).toBe('coming_soon');
    expect(featureStatus('#2196f3', rules({ defaultStatus: 'live' }))).toBe('live');
    expect(featureStatus('#9e9e9e', rules())).toBe('unknown');
  });

  it('applies the manual override to every polygon, ignoring colours', () => {
    const override = rules({ useManualOverride: true, manualOverrideStatus: 'unknown' });
    expect(featureStatus('#ff6600', override)).toBe('unknown');
    expect(featureStatus(null, override)).toBe('unknown');
  });

  it('uses the default when the override is on without a status', () => {
    expect(featureStatus('#ff6600', rules({ useManualOverride: true }))).toBe('coming_soon');
  });
});

describe('parseColorMappings', () => {
  it('reads stored JSON, lower-casing colours and dropping entries with unknown statuses', () => {
    expect(
      parseColorMappings('[{"color":"#FF6600","status":"live"},{"color":"#000000","status":"bogus"}]'),
    ).toEqual([{ color: '#ff6600', status: 'live', description: '' }]);
  });

  it('reads a colour left to the layer default', () => {
    expect(parseColorMappings('[{"color":"#2196F3","status":"default","description":"Planned"}]')).toEqual([
      { color: '#2196f3', status: 'default', description: 'Planned' },
    ]);
  });

  it('treats null, malformed JSON and non-arrays as no mappings', () => {
    expect(parseColorMappings(null)).toEqual([]);
    expect(parseColorMappings('{oops')).toEqual([]);
    expect(parseColorMappings('{"color":"#ff6600"}')).toEqual([]);
  });
});

describe('assignedColorCount', () => {
  it('counts the colours given a status of their own, an explicit unknown too, not those left to the layer default', () => {
    expect(assignedColorCount(rules().colorMappings)).toBe(3);
    expect(assignedColorCount([{ color: '#2196f3', status: 'default', description: '' }])).toBe(0);
  });
});
