import { describe, expect, it } from 'vitest';
import { auditFieldChanges, auditWord } from './auditText.js';

describe('auditFieldChanges', () => {
  it("lists each field with its old and new value, a side's missing values as a dash", () => {
    expect(auditFieldChanges({ before: { name: 'Old', active: true }, after: { name: 'New', active: false } })).toEqual([
      { field: 'name', before: 'Old', after: 'New' },
      { field: 'active', before: 'true', after: 'false' },
    ]);
    expect(auditFieldChanges({ before: null, after: { services: ['Fibre'], notes: null } })).toEqual([
      { field: 'services', before: '—', after: '["Fibre"]' },
      { field: 'notes', before: '—', after: '—' },
    ]);
  });
});

describe('auditWord', () => {
  it('turns a snake_case name into words', () => {
    expect(auditWord('coverage_layer')).toBe('Coverage layer');
    expect(auditWord('rotate_secret')).toBe('Rotate secret');
  });
});
