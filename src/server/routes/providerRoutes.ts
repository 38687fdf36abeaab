import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeOf, errorEnvelope, messageEnvelope } from '../../common/api/envelope.js';
import { LOGO_MAX_BYTES, logoParams, provider, providerIdParams, providerInput } from '../../common/api/providers.js';
import type { AuthService } from '../auth/authService.js';
import { requireAdmin } from '../auth/requireAdmin.js';
import { NotFoundError, ValidationError } from '../errors.js';
import { multipartDocs, readMultipartForm } from '../http/multipart.js';
import type { LogoStore } from '../providers/logoStore.js';
import type { ProviderService } from '../providers/providerService.js';

export interface ProviderRouteDeps {
  auth: AuthService;
  providers: ProviderService;
  logos: LogoStore;
}

const tags = ['providers'];
const security = [{ bearerAuth: [] }];
/** The provider form's OpenAPI body: its text fields and the optional logo. */
const providerFormDocs = multipartDocs({ fields: providerInput, fileField: 'logo' });

/** Providers (SPEC.md section 7): admin CRUD with logos. */
export function providerRoutes(deps: ProviderRouteDeps): FastifyPluginAsyncZod {
  return async (app) => {
    const admin = requireAdmin(deps.auth);

    const readProviderForm = async (request: Parameters<typeof readMultipartForm>[0]) => {
      const form = await readMultipartForm(request, {
        fileField: 'logo',
        maxFileBytes: LOGO_MAX_BYTES,
        tooLargeMessage: 'Logo must be at most 2 MB',
      });
      const parsed = providerInput.safeParse(form.fields);
      if (!parsed.success) throw new ValidationError(parsed.error.issues[0]?.message ?? 'Invalid provider');
      return { fields: parsed.data, logo: form.file?.bytes ?? null };
    };

    app.get(
      '/providers',
      { onRequest: admin, schema: { tags, security, summary: 'All providers', response: { 200: envelopeOf(z.array(provider)), 401: errorEnvelope } } },
      async () => ({ success: true as const, data: await deps.providers.list() }),
    );

    app.get(
      '/providers/logo/:filename',
      { schema: { tags, summary: 'A provider logo (public)', params: logoParams } },
      async (request, reply) => {
        const logo = await deps.logos.read(request.params.filename);
        if (!logo) throw new NotFoundError('Logo not found');
        return reply
          .type(logo.contentType)
          .header('X-Content-Type-Options', 'nosniff')
          .header('Cache-Control', 'public, max-age=86400')
          .header('Content-Security-Policy', "default-src 'none'")
          .send(logo.bytes);
      },
    );

    app.get(
      '/providers/:id',
      { onRequest: admin, schema: { tags, security, params: providerIdParams, response: { 200: envelopeOf(provider), 404: errorEnvelope } } },
      async (request) => ({ success: true as const, data: await deps.providers.get(request.params.id) }),
    );

    app.post(
      '/providers',
      { onRequest: admin, config: providerFormDocs, schema: { tags, security, summary: 'Create (multipart: fields + optional logo)', response: { 200: envelopeOf(provider), 400: errorEnvelope, 413: errorEnvelope } } },
      async (request) => {
        const { fields, logo } = await readProviderForm(request);
        return { success: true as const, message: 'Provider created successfully!', data: await deps.providers.create(fields, logo) };
      },
    );

    app.put(
      '/providers/:id',
      { onRequest: admin, config: providerFormDocs, schema: { tags, security, params: providerIdParams, summary: 'Update (multipart; absent fields are kept)', response: { 200: envelopeOf(provider), 400: errorEnvelope, 404: errorEnvelope, 413: errorEnvelope } } },
      async (request) => {
        const { fields, logo } = await readProviderForm(request);
        return { success: true as const, message: 'Provider updated successfully!', data: await deps.providers.update(request.params.id, fields, logo) };
      },
    );

    app.delete(
      '/providers/:id',
      { onRequest: admin, schema: { tags, security, params: providerIdParams, summary: 'Delete, with its coverage layers', response: { 200: messageEnvelope, 404: errorEnvelope } } },
      async (request) => {
        await deps.providers.delete(request.params.id);
        return { success: true as const, message: 'Provider deleted successfully!' };
      },
    );
  };
}
