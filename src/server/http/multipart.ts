import { createWriteStream } from 'node:fs';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { MultipartFile } from '@fastify/multipart';
import type { SwaggerTransform } from '@fastify/swagger';
import type { FastifyRequest } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { uploadFileName } from '../../common/api/fields.js';
import { AppError, PayloadTooLargeError, ValidationError } from '../errors.js';

/** What the client said about its file. */
interface FilePart {
  fieldname: string;
  filename: string;
  mimetype: string;
}

export interface UploadedFile extends FilePart {
  bytes: Buffer;
}

/** A file written to a temporary folder as it arrived, never whole in memory. */
export interface SpooledFile extends FilePart {
  path: string;
  size: number;
}

export interface MultipartForm<F = UploadedFile> {
  fields: Record<string, string>;
  /** The first (or only) file. */
  file: F | null;
  /** Every file, in the order sent (at most `maxFiles`). */
  files: F[];
}

export interface SpooledForm extends MultipartForm<SpooledFile> {
  /** Deletes the spooled file: call it once the file has been read, whatever happened. */
  dispose(): Promise<void>;
}

interface FormOptions {
  /** The one file field accepted. */
  fileField: string;
  /** How many parts of that field a form may carry; 1 unless told (more answer 400). */
  maxFiles?: number;
  maxFileBytes: number;
  /** The 413 message for a larger file. */
  tooLargeMessage: string;
}

/** Reads a multipart form: its text fields, and at most `maxFiles` files (one unless told), held in memory. */
export function readMultipartForm(request: FastifyRequest, options: FormOptions): Promise<MultipartForm> {
  return readForm(request, options, async (part) => {
    const bytes = await part.toBuffer().catch((error: { code?: string }) => {
      if (error.code === 'FST_REQ_FILE_TOO_LARGE') throw new PayloadTooLargeError(options.tooLargeMessage);
      throw error;
    });
    return bytes.length > 0 ? { ...describe(part), bytes } : null;
  });
}

/**
 * Reads a multipart form whose file goes to a temporary folder (owner-only) as it arrives, so a
 * 50 MB upload costs the server a buffer of a few kilobytes rather than the whole file. The caller
 * disposes of the form; on error it is already gone.
 */
export async function readMultipartFormToDisk(request: FastifyRequest, options: FormOptions): Promise<SpooledForm> {
  const folder = await mkdtemp(join(tmpdir(), 'upload-'));
  const dispose = () => rm(folder, { recursive: true, force: true });
  try {
    let spooled = 0;
    const form = await readForm(request, options, async (part) => {
      spooled += 1;
      const path = join(folder, `file-${spooled}`);
      await pipeline(part.file, createWriteStream(path, { mode: 0o600 }));
      if (part.file.truncated) throw new PayloadTooLargeError(options.tooLargeMessage);
      const { size } = await stat(path);
      return size > 0 ? { ...describe(part), path, size } : null;
    });
    return { ...form, dispose };
  } catch (error) {
    await dispose();
    throw error;
  }
}

function describe(part: MultipartFile): FilePart {
  return { fieldname: part.fieldname, filename: part.filename, mimetype: part.mimetype };
}

/**
 * The fields of a multipart form and at most one file (named `fileField`) of at most
 * `maxFileBytes`, which `keepFile` reads; a larger file answers 413 with `tooLargeMessage`.
 */
async function readForm<F>(request: FastifyRequest, options: FormOptions, keepFile: (part: MultipartFile) => Promise<F | null>): Promise<MultipartForm<F>> {
  if (!request.isMultipart()) throw new ValidationError('Expected a multipart/form-data request');
  const fields: Record<string, string> = {};
  const files: F[] = [];
  const maxFiles = options.maxFiles ?? 1;
  // One part over the bound is let through to be refused with a message rather than cut off silently.
  const parts = request.parts({ limits: { fileSize: options.maxFileBytes, files: maxFiles + 1, fields: 60, fieldSize: 1024 * 1024 } });
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
      if (files.length >= maxFiles) {
        part.file.resume();
        throw new ValidationError(maxFiles === 1 ? `Send one file in "${options.fileField}"` : `Send at most ${maxFiles} files in "${options.fileField}"`);
      }
      const kept = await keepFile(part);
      if (kept !== null) files.push(kept);
    }
  } catch (error) {
    // A cut-off upload or a body that is not multipart at all is the client's fault, not a server error.
    if (error instanceof AppError) throw error;
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw new PayloadTooLargeError(options.tooLargeMessage);
    if ((error as { statusCode?: number }).statusCode === 413) throw error;
    throw new ValidationError('The upload is not a valid multipart form (was it interrupted?)');
  }
  return { fields, file: files[0] ?? null, files };
}

/** A multipart form as the OpenAPI document shows it: its text fields and its file field, if any. */
export interface FormDocs {
  /** The schema the route parses the text fields with (documented as its input). */
  fields?: z.ZodObject;
  /** The field that carries the file. */
  fileField?: string;
  /** Other bodies the route also reads: JSON with the same fields (true) or of its own schema, or the file's bytes as text (e.g. text/csv). */
  alsoJson?: boolean | z.ZodType;
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
      if (form.alsoJson)
        content['application/json'] = {
          schema: jsonSchemaTransform({ ...document, schema: { body: form.alsoJson === true ? fields : form.alsoJson } } as Parameters<
            typeof jsonSchemaTransform
          >[0]).schema.body,
        };
      if (form.alsoText) content[form.alsoText.contentType] = { schema: { type: 'string', example: form.alsoText.example } };
      return { ...transformed, schema: { ...transformed.schema, body: { content } } };
    },
  };
}
