import { AUDIT_EXPORT_MAX_ROWS, type AuditEntry, type AuditFacets, type AuditFilters, type AuditListQuery, type AuditPage } from '../../common/api/audit.js';
import type { Clock } from '../clock.js';
import { csvStream } from '../reports/csv.js';
import type { AuditLogRecord, AuditLogRepository, AuditWhere } from './auditLogRepository.js';

/** Rows an export reads at a time. */
const EXPORT_BATCH_ROWS = 2000;
/** Entries one prune statement deletes at most: a backlog of millions goes in short statements. */
export const PRUNE_BATCH_ROWS = 5000;
const DAY_MS = 86_400_000;
/** The action of a failed sign-in's entry (authService.ts). */
const FAILED_SIGN_IN = 'sign_in_failed';
const DAY_ONLY = /^\d{4}-\d{2}-\d{2}$/;

export const AUDIT_EXPORT_COLUMNS = ['created_at', 'actor', 'ip', 'action', 'entity', 'entity_id', 'before', 'after'] as const;

/** The retention the prune reads: the owner's setting (team_settings). */
export interface AuditRetention {
  retentionDays(): Promise<number>;
}

/** Reads of the audit log for the admin (the page, CSV, the filters' values) and its pruning by retention. Nothing here edits an entry. */
export class AuditLog {
  constructor(
    private readonly deps: {
      repository: Pick<AuditLogRepository, 'list' | 'batch' | 'facets' | 'pruneBatch' | 'pruneActionBeyond'>;
      retention: AuditRetention;
      /** Failed sign-ins kept (AUDIT_FAILED_SIGN_INS_MAX): the oldest past it go at each prune. */
      failedSignInsMax: number;
      clock: Clock;
    },
  ) {}

  async list(query: AuditListQuery): Promise<AuditPage> {
    const { page, page_size: pageSize, ...filters } = query;
    const { items, total } = await this.deps.repository.list(whereOf(filters), (page - 1) * pageSize, pageSize);
    return { items: items.map(toEntry), total };
  }

  facets(): Promise<AuditFacets> {
    return this.deps.repository.facets();
  }

  /** The entries matching the filters as CSV, newest first, at most AUDIT_EXPORT_MAX_ROWS, read a batch at a time. */
  exportCsv(filters: AuditFilters): { fileName: string; body: AsyncGenerator<string> } {
    const repository = this.deps.repository;
    const where = whereOf(filters);
    async function* batches(): AsyncGenerator<AuditEntry[]> {
      let beforeId: number | null = null;
      let left = AUDIT_EXPORT_MAX_ROWS;
      while (left > 0) {
        const batch = await repository.batch(where, beforeId, Math.min(EXPORT_BATCH_ROWS, left));
        if (batch.length === 0) return;
        yield batch.map(toEntry);
        left -= batch.length;
        beforeId = batch.at(-1)!.id;
      }
    }
    const day = this.deps.clock.now().toISOString().slice(0, 10);
    return {
      fileName: `audit-log-${day}.csv`,
      body: csvStream(AUDIT_EXPORT_COLUMNS, batches(), (entry) => [
        entry.created_at,
        entry.actor,
        entry.ip,
        entry.action,
        entry.entity,
        entry.entity_id,
        entry.before ? JSON.stringify(entry.before) : null,
        entry.after ? JSON.stringify(entry.after) : null,
      ]),
    };
  }

  /**
   * Deletes the entries older than the retention, then the oldest failed sign-ins past
   * failedSignInsMax, PRUNE_BATCH_ROWS a statement until none is left; how many. Failed sign-ins
   * are the one entry written without an account, from any number of addresses (the throttle
   * counts per address), so the retention alone would not bound them.
   */
  async prune(): Promise<number> {
    const days = await this.deps.retention.retentionDays();
    const cutoff = new Date(this.deps.clock.now().getTime() - days * DAY_MS).toISOString();
    const { repository, failedSignInsMax } = this.deps;
    return (
      (await inBatches(() => repository.pruneBatch(cutoff, PRUNE_BATCH_ROWS))) +
      (await inBatches(() => repository.pruneActionBeyond(FAILED_SIGN_IN, failedSignInsMax, PRUNE_BATCH_ROWS)))
    );
  }
}

/** Runs a delete of at most PRUNE_BATCH_ROWS until one deletes fewer; how many in all. */
async function inBatches(deleteBatch: () => Promise<number>): Promise<number> {
  let deleted = 0;
  for (;;) {
    const batch = await deleteBatch();
    deleted += batch;
    if (batch < PRUNE_BATCH_ROWS) return deleted;
  }
}

/** The filters as SQL bounds: a day given as `from` counts from its start, as `to` to its end (UTC). */
function whereOf(filters: AuditFilters): AuditWhere {
  return {
    actor: filters.actor,
    entity: filters.entity,
    entityId: filters.entity_id,
    action: filters.action,
    from: filters.from === undefined ? undefined : new Date(filters.from).toISOString(),
    before: filters.to === undefined ? undefined : endOf(filters.to),
  };
}

function endOf(to: string): string {
  const at = new Date(to).getTime();
  return new Date(DAY_ONLY.test(to) ? at + DAY_MS : at + 1).toISOString();
}

function toEntry(record: AuditLogRecord): AuditEntry {
  return {
    id: Number(record.id),
    actor: record.actor,
    action: record.action,
    entity: record.entity,
    entity_id: record.entity_id,
    before: parseSide(record.before_json),
    after: parseSide(record.after_json),
    ip: record.ip_address,
    created_at: record.created_at,
  };
}

function parseSide(json: string | null): Record<string, unknown> | null {
  return json === null ? null : (JSON.parse(json) as Record<string, unknown>);
}
