import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CLUTTER_CLASS_MESSAGE,
  CLUTTER_FILE_REQUIRED_MESSAGE,
  clutterArea,
  clutterAreaIdParams,
  clutterAreasGeoJson,
  clutterAreaUploadFields,
} from '../../common/api/clutterAreas.js';
import { KML_MAX_BYTES } from '../../common/api/coverageLayers.js';
import { envelopeOf, errorEnvelope, messageEnvelope } from '../../common/api/envelope.js';
import type { ClutterAreaService } from '../clutter/clutterAreaService.js';
import { ValidationError } from '../errors.js';
import { multipartDocs, readMultipartForm } from '../http/multipart.js';

const tags = ['clutter areas'];
/** The layer upload's limit (a KMZ or KML of clutter is the same kind of file). */
const TOO_LARGE_MESSAGE = 'A clutter file must be at most 50 MB';

/** /api/clutter_areas/* (admin scope): the clutter areas: list, their polygons as GeoJSON, upload, delete. */
export function clutterAreaRoutes(clutter: ClutterAreaService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/clutter_areas',
      { schema: { tags, summary: 'Every clutter area, newest first, without its polygons', response: { 200: envelopeOf(z.array(clutterArea)) } } },
      async () => ({ success: true as const, data: await clutter.list() }),
    );

    app.get(
      '/clutter_areas/geojson',
      {
        schema: {
          tags,
          summary: "Every clutter area's polygons as one GeoJSON FeatureCollection ([lng, lat]; properties id, name, clutter_class)",
          response: { 200: clutterAreasGeoJson },
        },
      },
      async () => clutter.geoJson(),
    );

    app.post(
      '/clutter_areas',
      {
        config: multipartDocs({ fields: clutterAreaUploadFields, fileField: 'file' }),
        schema: {
          tags,
          summary:
            'Upload a clutter area (multipart): one "file" (KML, KMZ or GeoJSON, told apart by content, up to 50 MB and 200,000 vertices), "clutter_class" (trees, suburban, urban or water) and an optional "name"',
          response: { 201: envelopeOf(clutterArea), 400: errorEnvelope, 409: errorEnvelope, 413: errorEnvelope },
        },
      },
      async (request, reply) => {
        const form = await readMultipartForm(request, { fileField: 'file', maxFileBytes: KML_MAX_BYTES, tooLargeMessage: TOO_LARGE_MESSAGE });
        const fields = clutterAreaUploadFields.safeParse(form.fields);
        if (!fields.success) {
          const issue = fields.error.issues[0];
          throw new ValidationError(issue?.path[0] === 'clutter_class' ? CLUTTER_CLASS_MESSAGE : (issue?.message ?? 'The form fields are not valid'));
        }
        if (!form.file) throw new ValidationError(CLUTTER_FILE_REQUIRED_MESSAGE);
        const created = await clutter.upload(
          { fileName: form.file.filename, bytes: form.file.bytes },
          { clutterClass: fields.data.clutter_class, name: fields.data.name },
        );
        return reply.code(201).send({ success: true as const, message: 'Clutter area uploaded successfully', data: created });
      },
    );

    app.delete(
      '/clutter_areas/:id',
      {
        schema: {
          tags,
          summary: 'Delete a clutter area',
          params: clutterAreaIdParams,
          response: { 200: messageEnvelope, 400: errorEnvelope, 404: errorEnvelope },
        },
      },
      async (request) => {
        await clutter.delete(request.params.id);
        return { success: true as const, message: 'Clutter area deleted successfully' };
      },
    );
  };
}
