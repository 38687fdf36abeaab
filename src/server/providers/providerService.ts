import type { ApiAuthType, ApiTestRequest, Provider, ProviderInput } from '../../common/api/providers.js';
import { type ApiHeaders, apiHeaders, providerInput, SECRET_MASK, sourceUrlProblem } from '../../common/api/providers.js';
import { inProviderScope, type ProviderScope } from '../access/providerScope.js';
import type { AuditRecorder } from '../audit/auditTrail.js';
import type { Clock } from '../clock.js';
import type { CoverageChanges } from '../coverage-revision/coverageChanges.js';
import type { Transactions } from '../db/transactions.js';
import { NotFoundError, ValidationError } from '../errors.js';
import type { SecretBox } from '../system/secretBox.js';
import type { ProviderApiSource } from './apiSource.js';
import { type AuthConfig, maskAuthConfig, mergeMaskedSecrets, parseAuthConfig } from './authConfig.js';
import type { LogoStore } from './logoStore.js';
import { parseMyMapsUrl } from './myMaps.js';
import type { NewProviderRecord, ProviderRecord, ProviderRepository, SyncOutcome } from './providerRepository.js';

/** The adapters the service is given, by the part of them it uses (tests hand in fakes). */
export type ProviderStore = Pick<ProviderRepository, 'list' | 'find' | 'findForUpdate' | 'insert' | 'update' | 'delete' | 'recordSync'>;
export type LogoFiles = Pick<LogoStore, 'accept' | 'save' | 'remove'>;
export type CoverageCommits = Pick<CoverageChanges, 'commit'>;

export interface ProviderServiceDeps {
  repository: ProviderStore;
  logos: LogoFiles;
  secrets: SecretBox;
  clock: Clock;
  /** Provider names and activity are part of coverage: writes commit through it. */
  coverage: CoverageCommits;
  /** A sync's outcome is bookkeeping, not coverage: it commits with its audit row without moving the revision. */
  transactions: Transactions;
  audit: AuditRecorder;
}

/** Rules for providers: defaults, cross-field validation, secrets sealed at rest and masked in answers. */
export class ProviderService {
  private readonly repo: ProviderStore;
  private readonly logos: LogoFiles;
  private readonly secrets: SecretBox;
  private readonly clock: Clock;
  private readonly coverage: CoverageCommits;
  private readonly transactions: Transactions;
  private readonly audit: AuditRecorder;

  constructor(deps: ProviderServiceDeps) {
    this.repo = deps.repository;
    this.logos = deps.logos;
    this.secrets = deps.secrets;
    this.clock = deps.clock;
    this.coverage = deps.coverage;
    this.transactions = deps.transactions;
    this.audit = deps.audit;
  }

  /** The providers inside the scope (a provider editor's own; null: all). */
  async list(scope: ProviderScope): Promise<Provider[]> {
    return (await this.repo.list(scope)).map((record) => this.toApi(record));
  }

  /** Every provider (background work: coverage sources, the My Maps scheduler). */
  listRecords(): Promise<ProviderRecord[]> {
    return this.repo.list(null);
  }

  async get(id: number, scope: ProviderScope): Promise<Provider> {
    return this.toApi(await this.requireRecord(id, scope));
  }

  /** The provider, or NotFoundError when there is none or it is outside the scope (the two answer alike). */
  async requireRecord(id: number, scope: ProviderScope): Promise<ProviderRecord> {
    const record = inProviderScope(scope, id) ? await this.repo.find(id) : undefined;
    if (!record) throw new NotFoundError('Provider not found');
    return record;
  }

  async exists(id: number): Promise<boolean> {
    return (await this.repo.find(id)) !== undefined;
  }

  async create(fields: ProviderInput, logo: Buffer | null): Promise<Provider> {
    if (!fields.name) throw new ValidationError('Provider name is required');
    const now = this.clock.now().toISOString();
    const record: NewProviderRecord = {
      name: fields.name,
      description: fields.description ?? null,
      signup_url: fields.signup_url ?? null,
      contact_email: fields.contact_email ?? null,
      contact_phone: fields.contact_phone ?? null,
      next_steps: fields.next_steps ?? null,
      logo_filename: null,
      active: fields.active ?? true,
      data_source: fields.data_source ?? 'kml_upload',
      my_maps_url: fields.my_maps_url ?? null,
      auto_sync: fields.auto_sync ?? false,
      sync_status: null,
      last_sync: null,
      sync_error_message: null,
      api_endpoint_url: fields.api_endpoint_url ?? null,
      api_headers: this.sealHeaders(fields.api_headers ?? null, null),
      api_fields_mapping: fields.api_fields_mapping ?? null,
      api_auth_type: fields.api_auth_type ?? 'none',
      api_auth_config: null,
      created_at: now,
      updated_at: now,
    };
    record.api_auth_config = this.sealAuthConfig(record.api_auth_type, fields.api_auth_config ?? null, null);
    checkSourceFields(record);
    // Checked before anything is written; stored with the provider, in its transaction.
    const newLogo = logo && this.logos.accept(logo);
    if (newLogo) record.logo_filename = newLogo.filename;
    const created = await this.coverage.commit(async (trx) => {
      if (newLogo) await this.logos.save(newLogo, trx);
      const inserted = await this.repo.insert(record, trx);
      await this.audit.record(trx, { entity: 'provider', entityId: inserted.id, action: 'create', after: this.toApi(inserted) });
      return inserted;
    });
    return this.toApi(created);
  }

  /** Changes the given fields (and the logo) of a provider inside the scope; checked before the logo is stored. */
  async update(id: number, fields: ProviderInput, logo: Buffer | null, scope: ProviderScope): Promise<Provider> {
    const stored = await this.requireRecord(id, scope);
    const { remove_logo: removeLogo, api_auth_config: authText, api_headers: headers, ...given } = fields;
    const next: ProviderRecord = { ...stored, ...definedOnly(given) };
    const sameEndpoint = sameOrigin(next.api_endpoint_url, stored.api_endpoint_url);
    // A kept (masked) secret stays with the origin it was given for; a new origin needs it again.
    if (authText !== undefined || next.api_auth_type !== stored.api_auth_type || !sameEndpoint) {
      const keepable = sameEndpoint ? stored.api_auth_config : null;
      next.api_auth_config = this.sealAuthConfig(next.api_auth_type, authText ?? this.maskedStoredOrNull(stored.api_auth_config), keepable);
    }
    if (headers !== undefined || !sameEndpoint) {
      next.api_headers = this.sealHeaders(headers === undefined ? this.maskedHeaders(stored.api_headers) : headers, sameEndpoint ? stored.api_headers : null);
    }
    checkSourceFields(next);
    const newLogo = logo && this.logos.accept(logo);
    const { id: _id, created_at: _created, logo_filename: _logo, ...changes } = next;

    // The new logo is stored and the replaced one removed in the provider's transaction, the
    // logo it replaces read there under a lock: an update that fails (or finds the provider
    // deleted meanwhile) or races another leaves no stored file that nothing names.
    const updated = await this.coverage.commit(async (trx) => {
      const current = await this.repo.findForUpdate(id, trx);
      if (!current) throw new NotFoundError('Provider not found');
      const logoFilename = newLogo ? newLogo.filename : removeLogo ? null : current.logo_filename;
      if (newLogo) await this.logos.save(newLogo, trx);
      const record = await this.repo.update(id, { ...changes, logo_filename: logoFilename, updated_at: this.clock.now().toISOString() }, trx);
      if (!record) throw new NotFoundError('Provider not found');
      if (current.logo_filename !== logoFilename) await this.logos.remove(current.logo_filename, trx);
      await this.audit.record(trx, {
        entity: 'provider',
        entityId: id,
        action: logoAction(current, record),
        before: this.toApi(current),
        after: this.toApi(record),
      });
      return record;
    });
    return this.toApi(updated);
  }

  async delete(id: number): Promise<void> {
    await this.coverage.commit(async (trx) => {
      const record = await this.repo.delete(id, trx);
      if (!record) throw new NotFoundError('Provider not found');
      await this.logos.remove(record.logo_filename, trx);
      await this.audit.record(trx, { entity: 'provider', entityId: id, action: 'delete', before: this.toApi(record) });
    });
  }

  /** Records the outcome of a My Maps sync (bookkeeping: coverage itself changes through the layer). */
  recordSync(id: number, outcome: SyncOutcome): Promise<void> {
    return this.transactions.run(async (trx) => {
      await this.repo.recordSync(id, outcome, trx);
      await this.audit.record(trx, { entity: 'provider', entityId: id, action: 'sync_my_maps', after: outcome });
    });
  }

  /** The API source of an api_endpoint provider, secrets opened, for live coverage checks. */
  apiSourceOf(record: ProviderRecord): ProviderApiSource | null {
    if (record.data_source !== 'api_endpoint' || !record.api_endpoint_url) return null;
    return {
      endpointUrl: record.api_endpoint_url,
      headers: this.openHeaders(record.api_headers),
      fieldsMapping: record.api_fields_mapping ?? {},
      authType: record.api_auth_type,
      authConfig: this.openAuthConfig(record.api_auth_config),
    };
  }

  /**
   * The API source a POST /api/test describes, its JSON-text fields validated as when saving.
   * Masked secrets take the saved provider's when one is named and the test goes to that
   * provider's endpoint origin (a secret is never sent somewhere new), and the provider is inside
   * the scope.
   */
  async apiTestSource(request: ApiTestRequest, scope: ProviderScope): Promise<ProviderApiSource> {
    const parsed = providerInput
      .pick({ api_endpoint_url: true, api_headers: true, api_fields_mapping: true })
      .safeParse({ api_endpoint_url: request.api_endpoint_url, api_headers: request.api_headers ?? '', api_fields_mapping: request.api_fields_mapping ?? '' });
    if (!parsed.success) throw new ValidationError(parsed.error.issues[0]?.message ?? 'Invalid API settings');
    const endpointUrl = parsed.data.api_endpoint_url;
    if (!endpointUrl) throw new ValidationError('API endpoint URL is required for testing');
    // An editor may test only their own providers' saved secrets: another's is not found.
    const saved = request.provider_id ? await this.requireRecord(request.provider_id, scope) : null;
    const storedSealed = saved && sameOrigin(saved.api_endpoint_url, endpointUrl) ? saved.api_auth_config : null;
    const storedHeaders = saved && sameOrigin(saved.api_endpoint_url, endpointUrl) ? saved.api_headers : null;
    return {
      endpointUrl,
      headers: this.resolveHeaders(parsed.data.api_headers ?? {}, storedHeaders),
      fieldsMapping: parsed.data.api_fields_mapping ?? {},
      authType: request.api_auth_type,
      authConfig: this.resolveAuthConfig(request.api_auth_type, request.api_auth_config ?? null, storedSealed),
    };
  }

  private toApi(record: ProviderRecord): Provider {
    return {
      ...record,
      api_headers: this.maskedHeadersText(record.api_headers),
      api_fields_mapping: record.api_fields_mapping ? JSON.stringify(record.api_fields_mapping) : null,
      api_auth_config: this.maskedStoredOrNull(record.api_auth_config),
    };
  }

  /**
   * Headers to store, sealed (they often carry API keys): a value sent back masked keeps the stored
   * value of that header, which must exist; none (or no header at all) stores null.
   */
  private sealHeaders(incoming: ApiHeaders | null, storedSealed: string | null): string | null {
    const headers = this.resolveHeaders(incoming ?? {}, storedSealed);
    return Object.keys(headers).length > 0 ? this.secrets.seal(JSON.stringify(headers)) : null;
  }

  private resolveHeaders(incoming: ApiHeaders, storedSealed: string | null): ApiHeaders {
    const masked = Object.entries(incoming).filter(([, value]) => value === SECRET_MASK);
    if (masked.length === 0) return incoming;
    const stored = this.openHeadersOrNone(storedSealed);
    const resolved: ApiHeaders = { ...incoming };
    for (const [name] of masked) {
      const kept = stored[name];
      if (kept === undefined) throw new ValidationError(`The header ${name} is masked and there is no saved value to keep: enter it again`);
      resolved[name] = kept;
    }
    return resolved;
  }

  private openHeaders(sealed: string | null): ApiHeaders {
    if (!sealed) return {};
    return apiHeaders.parse(JSON.parse(this.secrets.open(sealed)));
  }

  /** As openHeaders, but headers sealed under another APP_SECRET count as none (the admin enters them again). */
  private openHeadersOrNone(sealed: string | null): ApiHeaders {
    try {
      return this.openHeaders(sealed);
    } catch {
      return {};
    }
  }

  /** The headers as the API shows them: each value masked. */
  private maskedHeaders(sealed: string | null): ApiHeaders | null {
    const headers = this.openHeadersOrNone(sealed);
    return Object.keys(headers).length > 0 ? Object.fromEntries(Object.keys(headers).map((name) => [name, SECRET_MASK])) : null;
  }

  private maskedHeadersText(sealed: string | null): string | null {
    const masked = this.maskedHeaders(sealed);
    return masked ? JSON.stringify(masked) : null;
  }

  /**
   * The stored secrets are opened only when the incoming config keeps one (sends the mask): new
   * credentials always save, even when the stored ones were sealed under another APP_SECRET.
   */
  private resolveAuthConfig(type: ApiAuthType, text: string | null, storedSealed: string | null): AuthConfig {
    const incoming = parseAuthConfig(type, text, { allowMasked: true });
    const keepsStored = Object.values(incoming).includes(SECRET_MASK);
    const stored = keepsStored ? this.openAuthConfigOrNone(storedSealed) : {};
    return parseAuthConfig(type, JSON.stringify(mergeMaskedSecrets(incoming, stored)));
  }

  /** As openAuthConfig, but a secret that no longer opens counts as none (the admin enters it again). */
  private openAuthConfigOrNone(sealed: string | null): AuthConfig {
    try {
      return this.openAuthConfig(sealed);
    } catch {
      return {};
    }
  }

  private sealAuthConfig(type: ApiAuthType, text: string | null, storedSealed: string | null): string | null {
    if (type === 'none') return null;
    return this.secrets.seal(JSON.stringify(this.resolveAuthConfig(type, text, storedSealed)));
  }

  private openAuthConfig(sealed: string | null): AuthConfig {
    return sealed ? (JSON.parse(this.secrets.open(sealed)) as AuthConfig) : {};
  }

  /**
   * The stored config as the API shows it (masked JSON text), or null when there is none. A secret
   * sealed under another APP_SECRET reads as none instead of failing the whole answer; the admin
   * then enters the credentials again.
   */
  private maskedStoredOrNull(sealed: string | null): string | null {
    try {
      return sealed ? JSON.stringify(maskAuthConfig(this.openAuthConfig(sealed))) : null;
    } catch {
      return null;
    }
  }
}

/** An update's action: a new or removed logo names itself (the other changed fields ride along in the diff). */
function logoAction(before: ProviderRecord, after: ProviderRecord): string {
  if (before.logo_filename === after.logo_filename) return 'update';
  return after.logo_filename ? 'logo_upload' : 'logo_remove';
}

/** The source's URL is required for My Maps and API sources. */
function checkSourceFields(record: Pick<ProviderRecord, 'data_source' | 'my_maps_url' | 'api_endpoint_url'>): void {
  const problem = sourceUrlProblem(record);
  if (problem) throw new ValidationError(problem.message);
  if (record.data_source === 'my_maps_url' && !parseMyMapsUrl(record.my_maps_url ?? '')) {
    throw new ValidationError('My Maps URL is not a Google My Maps link (it needs a map id, mid=...)');
  }
}

/** Whether two URLs share scheme, host and port; two missing URLs count as the same. */
function sameOrigin(a: string | null, b: string | null): boolean {
  if (!a || !b) return a === b;
  try {
    return new URL(a).origin === new URL(b).origin;
  } catch {
    return false;
  }
}

function definedOnly<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
}
