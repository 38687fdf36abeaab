import type { UserRole } from '../../src/common/api/users.js';
import type { App } from '../../src/server/app.js';
import { hashPassword } from '../../src/server/auth/passwords.js';
import { signIn } from './testApp.js';

/** The password every user teamUser creates signs in with. */
export const TEAM_PASSWORD = 'Team-Mate-Pass-42!';

/**
 * A user of `role` (scoped to `providerIds` when a provider editor) written straight into the
 * database, as an accepted invitation leaves one, and signed in: its bearer token and id.
 */
export async function teamUser(
  app: App,
  fields: { username: string; role: UserRole; providerIds?: readonly number[] },
): Promise<{ token: string; userId: number }> {
  const now = new Date().toISOString();
  const db = app.db.kysely;
  const { id } = await db
    .insertInto('admin_users')
    .values({ username: fields.username, password_hash: await hashPassword(TEAM_PASSWORD), role: fields.role, created_at: now, updated_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  for (const providerId of fields.providerIds ?? []) {
    await db.insertInto('user_providers').values({ user_id: id, provider_id: providerId }).execute();
  }
  return { token: await signIn(app, { username: fields.username, password: TEAM_PASSWORD }), userId: id };
}
