import { describe, expect, it } from 'vitest';
import { bearer, createTestApp, databaseKinds } from './support/testApp.js';
import { teamUser } from './support/teamUsers.js';

describe.each(databaseKinds())('signed-in roles (%s)', (kind) => {
  it('answers each user its role and providers, the migrated admin as the owner', async () => {
    const app = await createTestApp(kind);
    try {
      const owner = await app.server.inject({ method: 'POST', url: '/api/auth/login', payload: { username: 'admin', password: 'Sup3r-Secret!' } });
      expect(owner.json().data).toMatchObject({ username: 'admin', role: 'owner', provider_ids: [] });
      const { id: providerId } = await app.db.kysely
        .insertInto('providers')
        .values({ name: 'Fibre Co', created_at: '2026-11-01T00:00:00Z', updated_at: '2026-11-01T00:00:00Z' } as never)
        .returning('id')
        .executeTakeFirstOrThrow();
      const editor = await teamUser(app, { username: 'editor', role: 'provider_editor', providerIds: [providerId] });
      const verify = await app.server.inject({ method: 'GET', url: '/api/auth/verify', headers: bearer(editor.token) });
      expect(verify.json().data).toMatchObject({ user_id: editor.userId, username: 'editor', role: 'provider_editor', provider_ids: [providerId] });

      await app.db.kysely.updateTable('admin_users').set({ disabled_at: new Date().toISOString() }).where('id', '=', editor.userId).execute();
      const disabled = await app.server.inject({ method: 'GET', url: '/api/auth/verify', headers: bearer(editor.token) });
      expect(disabled.statusCode).toBe(401);
    } finally {
      await app.close();
    }
  });
});
