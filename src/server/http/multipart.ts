import type {} from '@fastify/multipart';
import type { SwaggerTransform } from '@fastify/swagger';
import type { FastifyRequest } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { uploadFileName } from '../../common/api/fields.js';
import { AppError, PayloadTooLargeError, ValidationError } from '../errors.js';

export interface UploadedFile {
  fieldname: string;
  filename: string;
  mimetype: string;
  bytes: Buffer;
}

export interface MultipartForm {
  fields: Record<string, string>;
  file: UploadedFile | null;
}

/**
 * Reads a multipart form: its text fields, and at most one file (named `fileField`) of at most
 * `maxFileBytes`, held in memory. A larger file answers 413 with `tooLargeMessage`.
 */
export async function readMultipartForm(
  request: FastifyRequest,
  options: { fileField: string; maxFileBytes: number; tooLargeMessage: string },
): Promise<MultipartForm> {
  if (!request.isMultipart()) throw new ValidationError('Expected a multipart/form-data request');
  const fields: Record<string, string> = {};
  let file: UploadedFile | null = null;
  const parts = request.parts({ limits: { fileSize: options.maxFileBytes, files: 1, fields: 60, fieldSize: 1024 * 1024 } });
  try {
    for await (const part of parts) {
      if (part.type === 'field') {
        if (typeof part.value === 'string') fields[part.fieldname] = part.value;
        continue;
      }
      if (part.fieldname !== options.fileField) {
        part.file.resume();
        throw new ValidationError(`Unexpected file field "${part.fieldname}"; expected "${options.fileField}"`);
      }
      // The file's name is text the client chose, stored with some uploads (kml_filename).
      const name = uploadFileName.safeParse(part.filename);
      if (!name.success) {
        part.file.resume();
        throw new ValidationError(name.error.issues[0]?.message ?? 'The file name is not valid');
      }
      const bytes = await part.toBuffer().catch((error: { code?: string }) => {
        if (error.code === 'FST_REQ_FILE_TOO_LARGE') throw new PayloadTooLargeError(options.tooLargeMessage);
        throw error;
      });
      if (bytes.length > 0) file = { fieldname: part.fieldname, filename: part.filename, mimetype: part.mimetype, bytes };
    }
  } catch (error) {
    // A cut-off upload or a body that is not multipart at all is the client's fault, not a server error.
    if (error instanceof AppError || (error as { statusCode?: number }).statusCode === 413) throw error;
    throw new ValidationError('The upload is not a valid multipart form (was it interrupted?)');
  }
  return { fields, file };
}

/** A multipart form as the OpenAPI document shows it: its text fields and its file field, if any. */
export interface FormDocs {
  /** The schema the route parses the text fields with (documented as its input). */
  fields?: z.ZodObject;
  /** The field that carries the file. */
  fileField?: string;
  /** Other bodies the route also reads: JSON with the same fields, or the file's bytes as text (e.g. text/csv). */
  alsoJson?: boolean;
  alsoText?: { contentType: string; example: string };
}

/**
 * Route config for a route that reads a multipart body itself (readMultipartForm): Fastify does not
 * validate such a body, so without this the OpenAPI document would not show it. The route parses
 * the fields with `fields` (a shared schema of src/common/api), which is what the document shows.
 */
export function multipartDocs(form: FormDocs): { swaggerTransform: SwaggerTransform } {
  return {
    swaggerTransform: (document) => {
      const fields = form.fields ?? z.object({});
      const multipart = form.fileField ? fields.extend({ [form.fileField]: z.file().optional() }) : fields;
      const transformed = jsonSchemaTransform({ ...document, schema: { ...document.schema, body: multipart } } as Parameters<typeof jsonSchemaTransform>[0]);
      const content: Record<string, { schema: unknown }> = { 'multipart/form-data': { schema: transformed.schema.body } };
      if (form.alsoJson) content['application/json'] = { schema: jsonSchemaTransform({ ...document, schema: { body: fields } } as Parameters<typeof jsonSchemaTransform>[0]).schema.body };
      if (form.alsoText) content[form.alsoText.contentType] = { schema: { type: 'string', example: form.alsoText.example } };
      return { ...transformed, schema: { ...transformed.schema, body: { content } } };
    },
  };
}
