import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelopeOf, errorEnvelope } from '../../common/api/envelope.js';
import { radioSettings, storedRadioSettings } from '../../common/api/radioSettings.js';
import type { RadioSettingsService } from '../radio-settings/radioSettingsService.js';

const tags = ['settings'];

/** /api/settings/radio (admin scope): the propagation model, ITM's parameters, the clutter height and the CPE profiles. */
export function radioSettingsRoutes(radio: RadioSettingsService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/settings/radio',
      {
        schema: {
          tags,
          summary: 'The radio model, its ITM parameters, the clutter height and the customer antenna (CPE) profiles; the defaults until saved',
          response: { 200: envelopeOf(storedRadioSettings) },
        },
      },
      async () => ({ success: true as const, data: await radio.get() }),
    );

    app.put(
      '/settings/radio',
      {
        schema: {
          tags,
          summary: 'Replace the radio settings; the footprints are computed again with them',
          body: radioSettings,
          response: { 200: envelopeOf(storedRadioSettings), 400: errorEnvelope },
        },
      },
      async (request) => ({ success: true as const, message: 'Radio settings saved', data: await radio.save(request.body) }),
    );
  };
}
