import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import multipart from '@fastify/multipart';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerErrorHandler } from './errorHandler.js';
import { readMultipartFormToDisk } from './multipart.js';

const MAX_BYTES = 64 * 1024;
let app: FastifyInstance;
let spoolRoot: string;
let previousTmpdir: string | undefined;
/** What the route saw of the spooled file before disposing of it. */
let seen: { path: string; size: number; content: string; mode: number; fields: Record<string, string> } | null = null;

beforeAll(async () => {
  // os.tmpdir() follows TMPDIR: the spool folders of this test land where it can count them.
  previousTmpdir = process.env.TMPDIR;
  spoolRoot = mkdtempSync(join(tmpdir(), 'multipart-test-'));
  process.env.TMPDIR = spoolRoot;
  app = Fastify();
  registerErrorHandler(app);
  await app.register(multipart);
  app.post('/upload', async (request) => {
    const form = await readMultipartFormToDisk(request, { fileField: 'file', maxFileBytes: MAX_BYTES, tooLargeMessage: 'File must be at most 64 KB' });
    try {
      const file = form.file;
      seen = file
        ? { path: file.path, size: file.size, content: readFileSync(file.path, 'utf8'), mode: statSync(file.path).mode & 0o777, fields: form.fields }
        : null;
      return { success: true };
    } finally {
      await form.dispose();
    }
  });
});

afterAll(async () => {
  await app.close();
  if (previousTmpdir === undefined) delete process.env.TMPDIR;
  else process.env.TMPDIR = previousTmpdir;
  rmSync(spoolRoot, { recursive: true, force: true });
});

function body(fileBytes: Buffer, fields: Record<string, string> = {}): { payload: Buffer; headers: Record<string, string> } {
  const boundary = 'test-boundary-7d1';
  const parts: Buffer[] = Object.entries(fields).map(([name, value]) =>
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
  );
  parts.push(
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.kml"\r\nContent-Type: application/xml\r\n\r\n`),
    fileBytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  );
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

describe('readMultipartFormToDisk', () => {
  it('writes the file to an owner-only temporary file with the fields beside it, and removes it when disposed', async () => {
    seen = null;
    const content = '<kml>'.padEnd(40_000, 'x');
    const response = await app.inject({ method: 'POST', url: '/upload', ...body(Buffer.from(content), { name: 'Layer' }) });
    expect(response.statusCode).toBe(200);
    expect(seen).toMatchObject({ size: 40_000, content, mode: 0o600, fields: { name: 'Layer' } });
    expect(existsSync(seen!.path)).toBe(false);
    expect(readdirSync(spoolRoot)).toEqual([]);
  });

  it('answers a file over the limit with 413 and its message, leaving nothing on disk', async () => {
    const response = await app.inject({ method: 'POST', url: '/upload', ...body(Buffer.alloc(MAX_BYTES + 1, 0x20)) });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ success: false, message: 'File must be at most 64 KB' });
    expect(readdirSync(spoolRoot)).toEqual([]);
  });

  it('answers a cut-off upload with 400, leaving nothing on disk', async () => {
    const { payload, headers } = body(Buffer.alloc(20_000, 0x41));
    const response = await app.inject({ method: 'POST', url: '/upload', payload: payload.subarray(0, payload.length - 100), headers });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('The upload is not a valid multipart form (was it interrupted?)');
    expect(readdirSync(spoolRoot)).toEqual([]);
  });

  it('gives no file for an empty one', async () => {
    seen = { path: '', size: -1, content: '', mode: 0, fields: {} };
    const response = await app.inject({ method: 'POST', url: '/upload', ...body(Buffer.alloc(0)) });
    expect(response.statusCode).toBe(200);
    expect(seen).toBeNull();
    expect(readdirSync(spoolRoot)).toEqual([]);
  });
});
