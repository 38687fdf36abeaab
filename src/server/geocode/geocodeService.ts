import type { FastifyBaseLogger } from 'fastify';
import { type AddressImportResult, type AddressSuggestion, MIN_SUGGESTION_CHARS } from '../../common/api/geocode.js';
import type { AuditRecorder } from '../audit/auditTrail.js';
import type { Clock } from '../clock.js';
import type { Transactions } from '../db/transactions.js';
import { NotFoundError } from '../errors.js';
import { readAddressCsv } from './addressCsv.js';
import type { AddressRepository } from './addressRepository.js';
import type { BuiltInPlaces } from './builtInPlaces.js';
import { normalizeForSearch } from './searchText.js';
import type { UpstreamGeocoder } from './upstreamGeocoder.js';

const MAX_SUGGESTIONS = 5;
const ADDRESS_NOT_FOUND_MESSAGE = 'Could not find the specified address';

export interface GeocodeServiceDeps {
  addresses: AddressRepository;
  places: BuiltInPlaces;
  /** null when GEOCODER_URL is none. */
  upstream: UpstreamGeocoder | null;
  clock: Clock;
  log: FastifyBaseLogger;
  transactions: Transactions;
  audit: AuditRecorder;
}

/**
 * Address search (docs/api.md, Address search): the imported address book first, then the
 * built-in places of the configured country, and only when both find nothing the upstream
 * geocoder. An upstream failure is logged and answered with what the local sources gave.
 */
export class GeocodeService {
  private readonly addresses: AddressRepository;
  private readonly places: BuiltInPlaces;
  private readonly upstream: UpstreamGeocoder | null;
  private readonly clock: Clock;
  private readonly log: FastifyBaseLogger;
  private readonly transactions: Transactions;
  private readonly audit: AuditRecorder;

  constructor(deps: GeocodeServiceDeps) {
    this.addresses = deps.addresses;
    this.places = deps.places;
    this.upstream = deps.upstream;
    this.clock = deps.clock;
    this.log = deps.log;
    this.transactions = deps.transactions;
    this.audit = deps.audit;
  }

  /** At most MAX_SUGGESTIONS; none for a query under MIN_SUGGESTION_CHARS characters. */
  async suggest(query: string): Promise<AddressSuggestion[]> {
    const text = query.trim();
    const normalized = normalizeForSearch(text);
    if (text.length < MIN_SUGGESTION_CHARS || normalized === '') return [];
    const imported = await this.addresses.search(normalized, MAX_SUGGESTIONS);
    const local = [...imported, ...this.places.search(normalized, MAX_SUGGESTIONS - imported.length)];
    if (local.length > 0 || !this.upstream) return local;
    try {
      return await this.upstream.search(text);
    } catch (error) {
      // The query is not logged: visitors type their home addresses.
      this.log.warn({ err: error instanceof Error ? error.message : String(error) }, 'upstream geocoder failed; answered from the address book');
      return [];
    }
  }

  /** The best match from the same sources; NotFoundError when there is none. */
  async geocode(address: string): Promise<AddressSuggestion> {
    const [best] = await this.suggest(address);
    if (!best) throw new NotFoundError(ADDRESS_NOT_FOUND_MESSAGE);
    return best;
  }

  /** Adds the valid rows of a label,lat,lng CSV in one transaction and reports the others. */
  async importCsv(text: string): Promise<AddressImportResult> {
    const { addresses, errorCount, errors } = readAddressCsv(text);
    const createdAt = this.clock.now().toISOString();
    const rows = addresses.map((a) => ({
      label: a.label,
      label_normalized: normalizeForSearch(a.label),
      lat: a.lat,
      lng: a.lng,
      source: 'import',
      created_at: createdAt,
    }));
    if (rows.length > 0) {
      await this.transactions.run(async (trx) => {
        await this.addresses.insertMany(rows, trx);
        await this.audit.record(trx, { entity: 'address', entityId: null, action: 'import', after: { imported_count: rows.length, error_count: errorCount } });
      });
    }
    return { imported_count: addresses.length, error_count: errorCount, errors };
  }

  countImported(): Promise<number> {
    return this.addresses.countImported();
  }

  /** Returns how many were removed. */
  clearImported(): Promise<number> {
    return this.transactions.run(async (trx) => {
      const deleted = await this.addresses.deleteImported(trx);
      if (deleted > 0) await this.audit.record(trx, { entity: 'address', entityId: null, action: 'delete_imported', after: { deleted_count: deleted } });
      return deleted;
    });
  }
}
