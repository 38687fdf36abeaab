import { describe, expect, it } from 'vitest';
import type { DbTransaction } from '../db/transactions.js';
import { ValidationError } from '../errors.js';
import { createSecretBox } from '../system/secretBox.js';
import { fakeTransactions, recordingAudit } from '../testing/fakes.js';
import { providerRecord } from './testing/providerRecords.js';
import type { NewProviderRecord, ProviderChanges, ProviderRecord } from './providerRepository.js';
import { type CoverageCommits, type LogoFiles, type ProviderStore, ProviderService } from './providerService.js';

const NOW = new Date('2026-11-22T08:00:00.000Z');
const ENDPOINT = 'https://api.fibreco.example/coverage';

/** Providers kept in a Map, as the repository would keep them in a table. */
class MemoryProviderStore implements ProviderStore {
  readonly records = new Map<number, ProviderRecord>();
  private nextId = 1;

  async list() {
    return [...this.records.values()];
  }
  async find(id: number) {
    return this.records.get(id);
  }
  async findForUpdate(id: number) {
    return this.records.get(id);
  }
  async insert(record: NewProviderRecord) {
    const stored = { ...record, id: this.nextId++ };
    this.records.set(stored.id, stored);
    return stored;
  }
  async update(id: number, changes: ProviderChanges) {
    const stored = this.records.get(id);
    if (!stored) return undefined;
    const updated = { ...stored, ...changes };
    this.records.set(id, updated);
    return updated;
  }
  async delete(id: number) {
    const stored = this.records.get(id);
    this.records.delete(id);
    return stored;
  }
  async recordSync() {}
}

function setup(secret = 'a'.repeat(32)) {
  const store = new MemoryProviderStore();
  const commits: string[] = [];
  const coverage: CoverageCommits = {
    commit: async (work) => {
      const result = await work({} as DbTransaction);
      commits.push('committed');
      return result;
    },
  };
  const logos: LogoFiles = {
    accept: (bytes) => ({ filename: 'logo.png', contentType: 'image/png', bytes }),
    save: async () => undefined,
    remove: async () => undefined,
  };
  const box = createSecretBox(secret);
  const service = new ProviderService({
    repository: store,
    logos,
    secrets: box,
    clock: { now: () => NOW },
    coverage,
    transactions: fakeTransactions(),
    audit: recordingAudit(),
  });
  return { store, commits, box, service };
}

const apiProvider = { name: 'FibreCo', data_source: 'api_endpoint' as const, api_endpoint_url: ENDPOINT, api_auth_type: 'bearer' as const };

describe('ProviderService secrets', () => {
  it('seals a new bearer token at rest and answers it only masked', async () => {
    const { store, box, service } = setup();
    const created = await service.create({ ...apiProvider, api_auth_config: '{"token":"tok-123"}' }, null);

    const sealed = store.records.get(created.id)?.api_auth_config ?? '';
    expect(sealed).not.toContain('tok-123');
    expect(JSON.parse(box.open(sealed))).toEqual({ token: 'tok-123' });
    expect(created.api_auth_config).toBe('{"token":"********"}');
  });

  it('keeps the stored secret when the mask comes back for the same endpoint origin', async () => {
    const { store, box, service } = setup();
    const { id } = await service.create({ ...apiProvider, api_auth_config: '{"token":"tok-123"}' }, null);

    await service.update(id, { api_endpoint_url: `${ENDPOINT}?v=2`, api_auth_config: '{"token":"********"}' }, null, null);

    expect(JSON.parse(box.open(store.records.get(id)?.api_auth_config ?? ''))).toEqual({ token: 'tok-123' });
  });

  it('refuses the mask for another endpoint origin, so a secret never follows a URL elsewhere', async () => {
    const { store, box, service } = setup();
    const { id } = await service.create({ ...apiProvider, api_auth_config: '{"token":"tok-123"}' }, null);

    const moved = service.update(id, { api_endpoint_url: 'https://collector.evil.example/coverage', api_auth_config: '{"token":"********"}' }, null, null);

    await expect(moved).rejects.toThrow(ValidationError);
    await expect(moved).rejects.toThrow('The token is masked and there is no saved value to keep: enter it again');
    expect(JSON.parse(box.open(store.records.get(id)?.api_auth_config ?? ''))).toEqual({ token: 'tok-123' });
    expect(store.records.get(id)?.api_endpoint_url).toBe(ENDPOINT);
  });

  it('opens the secret for a live coverage check, with the stored headers and mapping', async () => {
    const { store, service } = setup();
    const { id } = await service.create(
      { ...apiProvider, api_auth_config: '{"token":"tok-123"}', api_headers: { 'X-Client': 'map' }, api_fields_mapping: { latitude_field: 'y' } },
      null,
    );

    expect(service.apiSourceOf(store.records.get(id)!)).toEqual({
      endpointUrl: ENDPOINT,
      headers: { 'X-Client': 'map' },
      fieldsMapping: { latitude_field: 'y' },
      authType: 'bearer',
      authConfig: { token: 'tok-123' },
    });
  });

  it('shows a secret sealed under another app secret as none instead of failing the answer', async () => {
    const other = setup('b'.repeat(32));
    const { store, service } = setup();
    store.records.set(7, providerRecord({ id: 7, ...apiProvider, api_auth_config: other.box.seal('{"token":"old"}') }));

    expect((await service.get(7, null)).api_auth_config).toBeNull();
    expect(() => service.apiSourceOf(store.records.get(7)!)).toThrow();
  });
});

describe('ProviderService headers', () => {
  const headered = { ...apiProvider, api_auth_type: 'none' as const, api_headers: { 'X-Api-Key': 'key-123', 'X-Client': 'map' } };

  it('seals the headers at rest and answers each value masked', async () => {
    const { store, box, service } = setup();
    const created = await service.create(headered, null);

    const sealed = store.records.get(created.id)?.api_headers ?? '';
    expect(sealed).not.toContain('key-123');
    expect(JSON.parse(box.open(sealed))).toEqual({ 'X-Api-Key': 'key-123', 'X-Client': 'map' });
    expect(JSON.parse(created.api_headers ?? '')).toEqual({ 'X-Api-Key': '********', 'X-Client': '********' });
  });

  it('keeps a masked header for the same origin and takes a new value given beside it', async () => {
    const { store, box, service } = setup();
    const { id } = await service.create(headered, null);

    await service.update(id, { api_headers: { 'X-Api-Key': '********', 'X-Client': 'portal' } }, null, null);

    expect(JSON.parse(box.open(store.records.get(id)?.api_headers ?? ''))).toEqual({ 'X-Api-Key': 'key-123', 'X-Client': 'portal' });
  });

  it('refuses masked headers carried to another origin, so a key never follows a URL elsewhere', async () => {
    const { store, box, service } = setup();
    const { id } = await service.create(headered, null);

    const moved = service.update(id, { api_endpoint_url: 'https://collector.evil.example/coverage' }, null, null);

    await expect(moved).rejects.toThrow('The header X-Api-Key is masked and there is no saved value to keep: enter it again');
    expect(JSON.parse(box.open(store.records.get(id)?.api_headers ?? ''))['X-Api-Key']).toBe('key-123');
  });
});

describe('ProviderService writes', () => {
  it('commits each change through the coverage signal, and nothing for a refused one', async () => {
    const { commits, service } = setup();
    const { id } = await service.create({ name: 'FibreCo' }, null);
    await service.update(id, { active: false }, null, null);
    await expect(service.create({ name: 'MapsCo', data_source: 'my_maps_url' }, null)).rejects.toThrow('My Maps URL is required');
    await service.delete(id);

    expect(commits).toEqual(['committed', 'committed', 'committed']);
    await expect(service.get(id, null)).rejects.toThrow('Provider not found');
  });

  it('applies the defaults of a new provider', async () => {
    const { service } = setup();
    expect(await service.create({ name: 'FibreCo' }, null)).toMatchObject({
      active: true,
      auto_sync: false,
      data_source: 'kml_upload',
      api_auth_type: 'none',
      api_auth_config: null,
      created_at: NOW.toISOString(),
    });
  });
});
