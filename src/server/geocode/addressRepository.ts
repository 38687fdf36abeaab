import { type Insertable, type Kysely, sql } from 'kysely';
import type { AddressSuggestion } from '../../common/api/geocode.js';
import { toCount } from '../db/dialect.js';
import type { AddressesTable, Database } from '../db/schema.js';
import type { Executor } from '../db/transactions.js';

type NewAddressRow = Insertable<AddressesTable>;

/** Rows per INSERT: 6 values each stays far below SQLite's limit of bound parameters. */
const INSERT_CHUNK_ROWS = 500;

/** `%`, `_` and the escape character itself taken literally in a LIKE pattern (escape '\'). */
function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** SQL for the imported address book. */
export class AddressRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /**
   * Addresses whose normalized label starts with `normalizedQuery`, then those where a later word
   * does, alphabetically within each group. The first query uses the label_normalized index.
   */
  async search(normalizedQuery: string, limit: number): Promise<AddressSuggestion[]> {
    const escaped = escapeLike(normalizedQuery);
    const startsWithQuery = sql<boolean>`label_normalized like ${`${escaped}%`} escape '\\'`;
    const prefixed = await this.db
      .selectFrom('addresses')
      .select(['label', 'lat', 'lng'])
      .where(startsWithQuery)
      .orderBy('label_normalized')
      .orderBy('id')
      .limit(limit)
      .execute();
    if (prefixed.length === limit) return prefixed;
    const wordPrefixed = await this.db
      .selectFrom('addresses')
      .select(['label', 'lat', 'lng'])
      .where(sql<boolean>`label_normalized like ${`% ${escaped}%`} escape '\\'`)
      .where(sql<boolean>`not (${startsWithQuery})`)
      .orderBy('label_normalized')
      .orderBy('id')
      .limit(limit - prefixed.length)
      .execute();
    return [...prefixed, ...wordPrefixed];
  }

  /** In chunks, in the caller's transaction (all rows or none). */
  async insertMany(rows: NewAddressRow[], trx: Executor): Promise<void> {
    for (let start = 0; start < rows.length; start += INSERT_CHUNK_ROWS) {
      await trx
        .insertInto('addresses')
        .values(rows.slice(start, start + INSERT_CHUNK_ROWS))
        .execute();
    }
  }

  async countImported(): Promise<number> {
    const row = await this.db
      .selectFrom('addresses')
      .select((eb) => eb.fn.countAll<string | number>().as('n'))
      .where('source', '=', 'import')
      .executeTakeFirstOrThrow();
    return toCount(row.n);
  }

  /** Returns how many were deleted. */
  async deleteImported(trx?: Executor): Promise<number> {
    const result = await (trx ?? this.db).deleteFrom('addresses').where('source', '=', 'import').executeTakeFirst();
    return Number(result.numDeletedRows);
  }
}
