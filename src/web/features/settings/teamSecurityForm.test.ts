import { describe, expect, it } from 'vitest';
import { retentionProblem } from './teamSecurityForm.js';

describe('retentionProblem', () => {
  it('accepts whole days from 30 to 3650 and names the range otherwise', () => {
    expect(retentionProblem('30')).toBeNull();
    expect(retentionProblem(' 3650 ')).toBeNull();
    for (const text of ['29', '3651', '90.5', '', 'a year']) expect(retentionProblem(text), text).toBe('Audit retention must be from 30 to 3650 days');
  });
});
