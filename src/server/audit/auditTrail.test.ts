import { describe, expect, it } from 'vitest';
import { auditDiff, MASKED, maskSecrets } from './auditTrail.js';

describe('maskSecrets', () => {
  it('masks secret fields at any depth and keeps the names of kinds of secret', () => {
    const masked = maskSecrets({
      name: 'Fibre Co',
      api_auth_type: 'basic',
      api_auth_config: { username: 'isp', password: 'hunter2' },
      api_headers: { 'X-Key': 'abc' },
      webhook: { secret: 'whsec_x', url: 'https://example.com' },
      new_password: null,
    });
    expect(masked).toEqual({
      name: 'Fibre Co',
      api_auth_type: 'basic',
      api_auth_config: MASKED,
      api_headers: MASKED,
      webhook: { secret: MASKED, url: 'https://example.com' },
      new_password: null,
    });
  });
});

describe('auditDiff', () => {
  it('keeps only the changed fields of an update, and a whole side for a create or delete', () => {
    expect(auditDiff({ name: 'A', height: 20, tags: [1] }, { name: 'B', height: 20, tags: [1] })).toEqual({ before: { name: 'A' }, after: { name: 'B' } });
    expect(auditDiff(null, { name: 'B' })).toEqual({ before: null, after: { name: 'B' } });
    expect(auditDiff({ name: 'A' }, undefined)).toEqual({ before: { name: 'A' }, after: null });
  });
});
