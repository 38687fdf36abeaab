import type {} from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { AppError, ValidationError } from '../errors.js';

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
      const bytes = await part.toBuffer().catch((error: { code?: string }) => {
        if (error.code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError(options.tooLargeMessage, 413);
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
