import type { Kysely, Selectable } from 'kysely';
import type { Database, StoredFilesTable } from '../db/schema.js';
import type { Executor } from '../db/transactions.js';

/** What a stored file is, without its bytes. */
export interface StoredFileRecord {
  id: number;
  kind: string;
  name: string;
  /** SHA-256 of the content, lowercase hex. */
  sha256: string;
  byteSize: number;
  contentType: string;
  createdAt: string;
}

const COLUMNS = ['id', 'kind', 'name', 'sha256', 'byte_size', 'content_type', 'created_at'] as const;

function toRecord(row: Pick<Selectable<StoredFilesTable>, (typeof COLUMNS)[number]>): StoredFileRecord {
  return {
    id: Number(row.id),
    kind: row.kind,
    name: row.name,
    sha256: row.sha256,
    byteSize: Number(row.byte_size),
    contentType: row.content_type,
    createdAt: row.created_at,
  };
}

/** SQL of stored_files and stored_file_parts (migration 0020). */
export class FileRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** Runs `work` in a transaction of its own. */
  transaction<T>(work: (trx: Executor) => Promise<T>): Promise<T> {
    return this.db.transaction().execute(work);
  }

  /** Runs `work` in a repeatable-read transaction: every read sees one snapshot (SQLite's one connection reads one anyway). */
  snapshot<T>(work: (trx: Executor) => Promise<T>): Promise<T> {
    return this.db.transaction().setIsolationLevel('repeatable read').execute(work);
  }

  async find(kind: string, name: string, trx?: Executor): Promise<StoredFileRecord | undefined> {
    const row = await (trx ?? this.db).selectFrom('stored_files').select(COLUMNS).where('kind', '=', kind).where('name', '=', name).executeTakeFirst();
    return row && toRecord(row);
  }

  async list(kind: string): Promise<StoredFileRecord[]> {
    const rows = await this.db.selectFrom('stored_files').select(COLUMNS).where('kind', '=', kind).orderBy('name').execute();
    return rows.map(toRecord);
  }

  /** The content hashes of every stored file, of any kind. */
  async allSha256(): Promise<Set<string>> {
    const rows = await this.db.selectFrom('stored_files').select('sha256').distinct().execute();
    return new Set(rows.map((row) => row.sha256));
  }

  async insert(file: Omit<StoredFileRecord, 'id'>, trx: Executor): Promise<number> {
    const { id } = await trx
      .insertInto('stored_files')
      .values({
        kind: file.kind,
        name: file.name,
        sha256: file.sha256,
        byte_size: file.byteSize,
        content_type: file.contentType,
        created_at: file.createdAt,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return Number(id);
  }

  /**
   * Gives the file `id` (its parts written under a staging name) the name `name` of `kind` and
   * what its parts hold, removing the file that had that name (its parts with it). The name is
   * claimed first by an upsert, which takes the row lock of the file holding it: a put of that
   * name in another transaction (another server's) is waited for until it commits, then its file
   * is the one replaced. ON CONFLICT ... DO UPDATE never fails on a concurrent insert of the same
   * key, as a plain insert or rename would (unique violation): the last to commit wins.
   */
  async takeName(id: number, kind: string, name: string, content: { sha256: string; byteSize: number }, trx: Executor): Promise<void> {
    // The row now holding the name: the replaced file, or a placeholder when none had it; removed either way.
    const holder = await trx
      .insertInto('stored_files')
      .values({ kind, name, sha256: '', byte_size: 0, content_type: '', created_at: '' })
      .onConflict((conflict) => conflict.columns(['kind', 'name']).doUpdateSet({ created_at: (eb) => eb.ref('excluded.created_at') }))
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx.deleteFrom('stored_files').where('id', '=', holder.id).execute();
    await trx.updateTable('stored_files').set({ name, sha256: content.sha256, byte_size: content.byteSize }).where('id', '=', id).execute();
  }

  async insertPart(fileId: number, partIndex: number, data: Uint8Array, trx: Executor): Promise<void> {
    // better-sqlite3 binds Buffers, not plain Uint8Arrays: a Buffer view of the same memory.
    const bytes = Buffer.from(data.buffer, data.byteOffset, data.byteLength);
    await trx.insertInto('stored_file_parts').values({ file_id: fileId, part_index: partIndex, data: bytes }).execute();
  }

  async part(fileId: number, partIndex: number, trx: Executor): Promise<Uint8Array | undefined> {
    const row = await trx.selectFrom('stored_file_parts').select('data').where('file_id', '=', fileId).where('part_index', '=', partIndex).executeTakeFirst();
    return row?.data;
  }

  /** False when there was no such file. Its parts go with it (on delete cascade). */
  async delete(kind: string, name: string, trx?: Executor): Promise<boolean> {
    const result = await (trx ?? this.db).deleteFrom('stored_files').where('kind', '=', kind).where('name', '=', name).executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }
}
