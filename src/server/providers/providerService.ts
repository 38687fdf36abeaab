import type { ApiAuthType, ApiTestRequest, Provider, ProviderStats } from '../../common/api/providers.js';
import { SECRET_MASK } from '../../common/api/providers.js';
import type { Clock } from '../clock.js';
import { fromBool, toBool } from '../db/dialect.js';
import { NotFoundError, ValidationError } from '../errors.js';
import type { SecretBox } from '../system/secretBox.js';
import { type AuthConfig, maskAuthConfig, mergeMaskedSecrets, parseAuthConfig } from './authConfig.js';
import type { LogoStore } from './logoStore.js';
import { parseMyMapsUrl } from './myMaps.js';
import { type ProviderFields, providerFields } from './providerInput.js';
import type { NewProviderRow, ProviderRepository, ProviderRow } from './providerRepository.js';
import type { ProviderApiSource } from './providerApi.js';

/** Rules for providers: defaults, cross-field validation, secrets sealed at rest and masked in answers. */
export class ProviderService {
  constructor(
    private readonly repo: ProviderRepository,
    private readonly logos: LogoStore,
    private readonly secrets: SecretBox,
    private readonly clock: Clock,
    /** Lets this process rebuild its coverage index at once (providers' names and activity are in it). */
    private readonly onCoverageChanged: () => Promise<void>,
  ) {}

  async list(): Promise<Provider[]> {
    return (await this.repo.list()).map((row) => this.toApi(row));
  }

  async get(id: number): Promise<Provider> {
    return this.toApi(await this.requireRow(id));
  }

  async requireRow(id: number): Promise<ProviderRow> {
    const row = await this.repo.find(id);
    if (!row) throw new NotFoundError('Provider not found');
    return row;
  }

  async create(fields: ProviderFields, logo: Buffer | null): Promise<Provider> {
    if (!fields.name) throw new ValidationError('Provider name is required');
    const now = this.clock.now().toISOString();
    const row: NewProviderRow = {
      name: fields.name,
      description: fields.description ?? null,
      signup_url: fields.signup_url ?? null,
      contact_email: fields.contact_email ?? null,
      contact_phone: fields.contact_phone ?? null,
      logo_filename: null,
      active: fromBool(fields.active ?? true),
      data_source: fields.data_source ?? 'kml_upload',
      my_maps_url: fields.my_maps_url ?? null,
      auto_sync: fromBool(fields.auto_sync ?? false),
      sync_status: null,
      last_sync: null,
      sync_error_message: null,
      api_endpoint_url: fields.api_endpoint_url ?? null,
      api_headers: fields.api_headers ?? null,
      api_fields_mapping: fields.api_fields_mapping ?? null,
      api_auth_type: fields.api_auth_type ?? 'none',
      api_auth_config: null,
      created_at: now,
      updated_at: now,
    };
    row.api_auth_config = this.sealAuthConfig(row.api_auth_type, fields.api_auth_config ?? null, null);
    checkSourceFields(row);
    if (logo) row.logo_filename = await this.logos.save(logo);
    const created = await this.repo.insert(row);
    await this.onCoverageChanged();
    return this.toApi(created);
  }

  async update(id: number, fields: ProviderFields, logo: Buffer | null): Promise<Provider> {
    const stored = await this.requireRow(id);
    const { remove_logo: removeLogo, api_auth_config: authText, active, auto_sync: autoSync, ...text } = fields;
    const next: ProviderRow = {
      ...stored,
      ...definedOnly(text),
      ...(active === undefined ? {} : { active: fromBool(active) }),
      ...(autoSync === undefined ? {} : { auto_sync: fromBool(autoSync) }),
    };
    const sameEndpoint = sameOrigin(next.api_endpoint_url, stored.api_endpoint_url);
    if (authText !== undefined || next.api_auth_type !== stored.api_auth_type || !sameEndpoint) {
      // A kept (masked) secret stays with the origin it was given for; a new origin needs it again.
      const keepable = sameEndpoint ? stored.api_auth_config : null;
      next.api_auth_config = this.sealAuthConfig(next.api_auth_type, authText ?? this.maskedStoredOrNull(stored.api_auth_config), keepable);
    }
    checkSourceFields(next);
    const oldLogo = stored.logo_filename;
    if (logo) next.logo_filename = await this.logos.save(logo);
    else if (removeLogo) next.logo_filename = null;

    const { id: _id, created_at: _created, ...changes } = next;
    const updated = await this.repo.update(id, { ...changes, active: fromBool(toBool(next.active)), auto_sync: fromBool(toBool(next.auto_sync)), updated_at: this.clock.now().toISOString() });
    if (!updated) throw new NotFoundError('Provider not found');
    if (oldLogo && oldLogo !== updated.logo_filename) await this.logos.remove(oldLogo);
    await this.onCoverageChanged();
    return this.toApi(updated);
  }

  async delete(id: number): Promise<void> {
    const deleted = await this.repo.delete(id);
    if (!deleted) throw new NotFoundError('Provider not found');
    await this.logos.remove(deleted.logo_filename);
    await this.onCoverageChanged();
  }

  async stats(id: number): Promise<ProviderStats> {
    await this.requireRow(id);
    const s = await this.repo.stats(id);
    return {
      provider_id: id,
      coverage_layers: s.layers,
      active_coverage_layers: s.activeLayers,
      features: s.features,
      searches: s.searches,
      leads: s.leads,
    };
  }

  /** The API source of an api_endpoint provider, secrets opened, for live coverage checks. */
  apiSourceOf(row: ProviderRow): ProviderApiSource | null {
    if (row.data_source !== 'api_endpoint' || !row.api_endpoint_url) return null;
    return {
      endpointUrl: row.api_endpoint_url,
      headers: row.api_headers ? (JSON.parse(row.api_headers) as Record<string, string>) : {},
      fieldsMapping: row.api_fields_mapping ? JSON.parse(row.api_fields_mapping) : {},
      authType: row.api_auth_type,
      authConfig: this.openAuthConfig(row.api_auth_config),
    };
  }

  /** The API source a POST /api/test describes, its JSON-text fields validated as when saving. */
  apiTestSource(request: ApiTestRequest, authConfig: AuthConfig): ProviderApiSource {
    const parsed = providerFields
      .pick({ api_endpoint_url: true, api_headers: true, api_fields_mapping: true })
      .safeParse({ api_endpoint_url: request.api_endpoint_url, api_headers: request.api_headers ?? '', api_fields_mapping: request.api_fields_mapping ?? '' });
    if (!parsed.success) throw new ValidationError(parsed.error.issues[0]?.message ?? 'Invalid API settings');
    if (!parsed.data.api_endpoint_url) throw new ValidationError('API endpoint URL is required for testing');
    return {
      endpointUrl: parsed.data.api_endpoint_url,
      headers: parsed.data.api_headers ? (JSON.parse(parsed.data.api_headers) as Record<string, string>) : {},
      fieldsMapping: parsed.data.api_fields_mapping ? JSON.parse(parsed.data.api_fields_mapping) : {},
      authType: request.api_auth_type,
      authConfig,
    };
  }

  /**
   * Auth config for a test call: masked values take the saved provider's secrets when one is named
   * and the test goes to that provider's endpoint origin (a secret is never sent somewhere new).
   */
  async authConfigForTest(type: ApiAuthType, text: string | null, endpointUrl: string, providerId?: number): Promise<AuthConfig> {
    const row = providerId ? await this.requireRow(providerId) : null;
    const stored = row && sameOrigin(row.api_endpoint_url, endpointUrl) ? row.api_auth_config : null;
    return this.resolveAuthConfig(type, text, stored);
  }

  toApi(row: ProviderRow): Provider {
    return {
      id: row.id,
      name: row.name,
      description: row.description,
      signup_url: row.signup_url,
      contact_email: row.contact_email,
      contact_phone: row.contact_phone,
      logo_filename: row.logo_filename,
      active: toBool(row.active),
      data_source: row.data_source,
      my_maps_url: row.my_maps_url,
      auto_sync: toBool(row.auto_sync),
      sync_status: row.sync_status,
      last_sync: row.last_sync,
      sync_error_message: row.sync_error_message,
      api_endpoint_url: row.api_endpoint_url,
      api_headers: row.api_headers,
      api_fields_mapping: row.api_fields_mapping,
      api_auth_type: row.api_auth_type,
      api_auth_config: this.maskedStoredOrNull(row.api_auth_config),
      created_at: row.created_at,
      updated_at: row.updated_at,
    };
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
   * As maskedStored, but a secret sealed under another APP_SECRET reads as none instead of failing
   * the whole answer; the admin then enters the credentials again.
   */
  private maskedStoredOrNull(sealed: string | null): string | null {
    try {
      return this.maskedStored(sealed);
    } catch {
      return null;
    }
  }

  /** The stored config as the API shows it (masked JSON text), or null when there is none. */
  private maskedStored(sealed: string | null): string | null {
    return sealed ? JSON.stringify(maskAuthConfig(this.openAuthConfig(sealed))) : null;
  }
}

/** SPEC.md section 5: the source's URL is required for My Maps and API sources. */
function checkSourceFields(row: { data_source: string; my_maps_url?: string | null; api_endpoint_url?: string | null }): void {
  if (row.data_source === 'my_maps_url') {
    if (!row.my_maps_url) throw new ValidationError('My Maps URL is required');
    if (!parseMyMapsUrl(row.my_maps_url)) throw new ValidationError('My Maps URL is not a Google My Maps link (it needs a map id, mid=...)');
  }
  if (row.data_source === 'api_endpoint' && !row.api_endpoint_url) throw new ValidationError('API endpoint URL is required');
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
