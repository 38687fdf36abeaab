import type { Selectable, SelectQueryBuilder } from 'kysely';
import { toCount } from '../db/dialect.js';
import type { AuditLogTable, Database } from '../db/schema.js';
import type { Executor } from '../db/transactions.js';

const COLUMNS = ['id', 'created_at', 'actor', 'ip_address', 'action', 'entity', 'entity_id', 'before_json', 'after_json'] as const;

/** An audit entry as stored, its before/after still JSON text (the actor's user id is not read). */
export type AuditLogRecord = Pick<Selectable<AuditLogTable>, (typeof COLUMNS)[number]>;

/** The filters in SQL terms: exact values, and created_at bounds as ISO-8601 UTC text (from inclusive, before exclusive). */
export interface AuditWhere {
  actor?: string | undefined;
  entity?: string | undefined;
  entityId?: string | undefined;
  action?: string | undefined;
  from?: string | undefined;
  before?: string | undefined;
}

/** SQL for reading and pruning the audit log (AuditTrail writes it). No statement here edits an entry. */
export class AuditLogRepository {
  constructor(private readonly db: Executor) {}

  /** Newest first, a page at a time, and how many match. */
  async list(where: AuditWhere, offset: number, limit: number): Promise<{ items: AuditLogRecord[]; total: number }> {
    const [items, count] = await Promise.all([
      filtered(this.db.selectFrom('audit_log'), where).select(COLUMNS).orderBy('id', 'desc').offset(offset).limit(limit).execute(),
      filtered(this.db.selectFrom('audit_log'), where)
        .select((eb) => eb.fn.countAll<string | number>().as('n'))
        .executeTakeFirstOrThrow(),
    ]);
    return { items, total: toCount(count.n) };
  }

  /** The next `limit` entries older than `beforeId` (null: from the newest), newest first: an export's batch. */
  batch(where: AuditWhere, beforeId: number | null, limit: number): Promise<AuditLogRecord[]> {
    let query = filtered(this.db.selectFrom('audit_log'), where).select(COLUMNS);
    if (beforeId !== null) query = query.where('id', '<', beforeId);
    return query.orderBy('id', 'desc').limit(limit).execute();
  }

  /** The distinct actors, entities and actions, sorted (each column has an index or few values). */
  async facets(): Promise<{ actors: string[]; entities: string[]; actions: string[] }> {
    const [actors, entities, actions] = await Promise.all([
      this.db.selectFrom('audit_log').select('actor').distinct().where('actor', 'is not', null).orderBy('actor').execute(),
      this.db.selectFrom('audit_log').select('entity').distinct().orderBy('entity').execute(),
      this.db.selectFrom('audit_log').select('action').distinct().orderBy('action').execute(),
    ]);
    return {
      actors: actors.flatMap((row) => (row.actor === null ? [] : [row.actor])),
      entities: entities.map((row) => row.entity),
      actions: actions.map((row) => row.action),
    };
  }

  /**
   * Deletes up to `limit` of the oldest entries of `action` beyond its `keep` newest (in id order,
   * the order written); how many. Reads audit_log_action, never the whole log.
   */
  async pruneActionBeyond(action: string, keep: number, limit: number): Promise<number> {
    const newestDoomed = await this.db
      .selectFrom('audit_log')
      .select('id')
      .where('action', '=', action)
      .orderBy('id', 'desc')
      .limit(1)
      .offset(keep)
      .executeTakeFirst();
    if (!newestDoomed) return 0;
    const oldest = this.db.selectFrom('audit_log').select('id').where('action', '=', action).where('id', '<=', newestDoomed.id).orderBy('id').limit(limit);
    const result = await this.db.deleteFrom('audit_log').where('id', 'in', oldest).executeTakeFirst();
    return Number(result.numDeletedRows);
  }

  /**
   * Deletes up to `limit` of the oldest entries created before `cutoff` (ISO-8601 UTC); how many.
   * One bounded statement: a backlog goes in several, none holding its locks for long.
   */
  async pruneBatch(cutoff: string, limit: number): Promise<number> {
    const oldest = this.db.selectFrom('audit_log').select('id').where('created_at', '<', cutoff).orderBy('id').limit(limit);
    const result = await this.db.deleteFrom('audit_log').where('id', 'in', oldest).executeTakeFirst();
    return Number(result.numDeletedRows);
  }
}

function filtered<O>(query: SelectQueryBuilder<Database, 'audit_log', O>, where: AuditWhere): SelectQueryBuilder<Database, 'audit_log', O> {
  let filteredQuery = query;
  if (where.actor !== undefined) filteredQuery = filteredQuery.where('actor', '=', where.actor);
  if (where.entity !== undefined) filteredQuery = filteredQuery.where('entity', '=', where.entity);
  if (where.entityId !== undefined) filteredQuery = filteredQuery.where('entity_id', '=', where.entityId);
  if (where.action !== undefined) filteredQuery = filteredQuery.where('action', '=', where.action);
  if (where.from !== undefined) filteredQuery = filteredQuery.where('created_at', '>=', where.from);
  if (where.before !== undefined) filteredQuery = filteredQuery.where('created_at', '<', where.before);
  return filteredQuery;
}
