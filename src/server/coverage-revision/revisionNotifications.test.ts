import { describe, expect, it } from 'vitest';
import { revisionChannel, revisionChannelFor } from './revisionNotifications.js';

const timeouts = { connectMs: 3000, statementMs: 5000 };

describe('revisionChannel', () => {
  it('names the channel after the schema, so deployments sharing a database do not wake each other', () => {
    expect(revisionChannel('isp')).toBe('coverage_revision:isp');
    expect(revisionChannelFor({ kind: 'postgres', url: 'postgres://db/x', schema: 'isp', timeouts })).toBe('coverage_revision:isp');
    expect(revisionChannelFor({ kind: 'postgres', url: 'postgres://db/x', timeouts })).toBe('coverage_revision:public');
    expect(revisionChannelFor({ kind: 'sqlite', file: '/tmp/x.sqlite' })).toBeNull();
  });

  it("stays within PostgreSQL's 63 bytes for the longest schema names, still one channel per schema", () => {
    const a = `${'a'.repeat(62)}1`;
    const b = `${'a'.repeat(62)}2`;
    expect(revisionChannel(a).length).toBeLessThanOrEqual(63);
    expect(revisionChannel(a)).toMatch(/^coverage_revision:a+~[0-9a-f]{16}$/);
    expect(revisionChannel(a)).not.toBe(revisionChannel(b));
    expect(revisionChannel(a)).toBe(revisionChannel(a));
  });
});
