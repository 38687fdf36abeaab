import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { auditActorHook, currentActor } from './auditContext.js';

describe('auditActorHook', () => {
  it('keeps the signed-in user as the actor through the body read and every await of the handler', async () => {
    const app = Fastify();
    app.addHook('onRequest', async (request) => {
      request.admin = { userId: 7, sessionId: 1, username: 'ops', role: 'admin', providerIds: [], expiresAt: '' };
    });
    app.addHook('preHandler', auditActorHook);
    app.post('/change', async () => {
      await new Promise((resolve) => setImmediate(resolve));
      await new Promise((resolve) => setTimeout(resolve, 1));
      return currentActor();
    });
    const response = await app.inject({ method: 'POST', url: '/change', payload: { big: 'x'.repeat(200_000) } });
    expect(response.json()).toEqual({ userId: 7, username: 'ops', ip: '127.0.0.1' });
    expect(currentActor()).toEqual({ userId: null, username: null, ip: null });
    await app.close();
  });
});
