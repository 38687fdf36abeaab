import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

describe('loadConfig', () => {
  it('applies the documented defaults to an empty environment', () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.host).toBe('0.0.0.0');
    expect(config.dataDir).toBe(path.resolve('./data'));
    expect(config.database).toEqual({ kind: 'sqlite', file: path.resolve('./data/coverage.sqlite') });
    expect(config.admin).toEqual({ username: 'admin', password: undefined });
    expect(config.tokenTtlHours).toBe(12);
    expect(config.logLevel).toBe('info');
    expect(config.trustProxy).toBe(false);
    expect(config.basemap.tiles).toHaveLength(4);
  });

  it('uses PostgreSQL when DATABASE_URL is set', () => {
    const config = loadConfig({ DATABASE_URL: 'postgres://u:p@db:5432/coverage', DATABASE_SCHEMA: 'isp' });
    expect(config.database).toEqual({
      kind: 'postgres',
      url: 'postgres://u:p@db:5432/coverage',
      schema: 'isp',
      timeouts: { connectMs: 3000, statementMs: 5000 },
    });
  });

  it('reads the PostgreSQL connect and statement timeouts, in milliseconds', () => {
    const config = loadConfig({ DATABASE_URL: 'postgres://db/x', DATABASE_CONNECT_TIMEOUT_MS: '1500', DATABASE_STATEMENT_TIMEOUT_MS: '2500' });
    expect(config.database).toMatchObject({ timeouts: { connectMs: 1500, statementMs: 2500 } });
    expect(() => loadConfig({ DATABASE_STATEMENT_TIMEOUT_MS: '10' })).toThrow('DATABASE_STATEMENT_TIMEOUT_MS: must be at least 100');
  });

  it('reads TRUST_PROXY as off, all hops, a hop count, or trusted proxy addresses', () => {
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 127.0.0.1' }).trustProxy).toEqual(['10.0.0.0/8', '127.0.0.1']);
  });

  it('reads SEARCH_RATE_LIMIT_PER_MINUTE, 120 by default', () => {
    expect(loadConfig({}).rateLimits.searchesPerMinute).toBe(120);
    expect(loadConfig({ SEARCH_RATE_LIMIT_PER_MINUTE: '30' }).rateLimits.searchesPerMinute).toBe(30);
  });

  it('reads FOOTPRINT_MEMORY_MB into bytes, 128 MB by default', () => {
    expect(loadConfig({}).footprints.memoryBytes).toBe(134_217_728);
    expect(loadConfig({ FOOTPRINT_MEMORY_MB: '16' }).footprints.memoryBytes).toBe(16_777_216);
  });

  it('reads AUDIT_FAILED_SIGN_INS_MAX, 100000 by default', () => {
    expect(loadConfig({}).audit.failedSignInsMax).toBe(100_000);
    expect(loadConfig({ AUDIT_FAILED_SIGN_INS_MAX: '250' }).audit.failedSignInsMax).toBe(250);
  });

  it('treats empty variables as unset', () => {
    expect(loadConfig({ PORT: '', ADMIN_PASSWORD: '' }).port).toBe(3000);
  });

  it.each([
    [{ PORT: 'abc' }, 'PORT: must be a number'],
    [{ PORT: '0x50' }, 'PORT: must be a number'],
    [{ TOKEN_TTL_HOURS: '0o7' }, 'TOKEN_TTL_HOURS: must be a number'],
    [{ TOWER_ANTENNA_GAIN_DBI: '0b1' }, 'TOWER_ANTENNA_GAIN_DBI: must be a number'],
    [{ PORT: '70000' }, 'PORT: must be from 0 to 65535'],
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL: must be a postgres:// or postgresql:// URL'],
    [{ ADMIN_PASSWORD: 'short' }, 'ADMIN_PASSWORD: must be at least 8 characters'],
    [{ APP_SECRET: 'tiny' }, 'APP_SECRET: must be at least 32 characters'],
    [{ TOKEN_TTL_HOURS: '0' }, 'TOKEN_TTL_HOURS: must be above 0'],
    [{ LOG_LEVEL: 'loud' }, 'LOG_LEVEL: must be one of'],
    [{ TRUST_PROXY: 'maybe' }, 'TRUST_PROXY: must be false, true, a number of proxy hops'],
    [{ SEARCH_RATE_LIMIT_PER_MINUTE: '0' }, 'SEARCH_RATE_LIMIT_PER_MINUTE: must be at least 1'],
    [{ FOOTPRINT_MEMORY_MB: '8' }, 'FOOTPRINT_MEMORY_MB: must be at least 16'],
    [{ AUDIT_FAILED_SIGN_INS_MAX: '99' }, 'AUDIT_FAILED_SIGN_INS_MAX: must be at least 100'],
  ])('stops on %j naming the variable and the reason', (env, message) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(message);
  });
});
