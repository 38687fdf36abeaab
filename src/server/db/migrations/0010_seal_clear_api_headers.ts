import type { Kysely, Migration } from 'kysely';
import { parseJsonObject } from '../../../common/api/fields.js';
import { apiHeaders } from '../../../common/api/providers.js';

/** Seals a secret for storage (system/secretBox.ts under the app secret); the migration runner hands it in. */
export type SealSecret = (plain: string) => string;

/**
 * Issue 17: providers' API headers written in clear by versions before headers were sealed at rest
 * are sealed, once. It used to be a step of every start-up (ProviderService.sealClearHeaders).
 * Sealing needs the app secret, which no other migration has: openDatabase hands the runner a
 * `seal` function (migrate.ts), and this migration is then recorded like any other, so it runs once
 * per database whichever process migrates first. Without `seal` (tools that migrate a database of
 * their own) it refuses to run when there is something to seal, rather than be recorded as done.
 *
 * Clear headers are a JSON object (sealed text starts with the box's format tag); one that is not a
 * valid set of headers (src/common/api/providers.ts) is sealed as none, as the start-up step did.
 */
export function sealClearApiHeadersMigration(seal: SealSecret | undefined): Migration {
  return {
    async up(db: Kysely<any>) {
      const rows = (await db.selectFrom('providers').select(['id', 'api_headers']).where('api_headers', 'is not', null).orderBy('id').execute()) as {
        id: number;
        api_headers: string;
      }[];
      const clear = rows.filter((row) => row.api_headers.trimStart().startsWith('{'));
      if (clear.length === 0) return;
      if (!seal) throw new Error(`${clear.length} provider(s) have API headers in clear: this migration needs the app secret to seal them`);
      for (const row of clear) {
        await db
          .updateTable('providers')
          .set({ api_headers: seal(JSON.stringify(apiHeaders.safeParse(parseJsonObject(row.api_headers)).data ?? {})) })
          .where('id', '=', row.id)
          .execute();
      }
    },
  };
}
