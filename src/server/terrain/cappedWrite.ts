import { createHash } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import type { Readable } from 'node:stream';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { ValidationError } from '../errors.js';
import { OWNER_ONLY_FILE } from '../ownerOnlyFiles.js';

export interface CappedWrite {
  /** Bytes written. */
  bytes: number;
  /** SHA-256 of those bytes, hex. */
  sha256: string;
}

export interface WriteLimits {
  /** Most bytes the output may have: one more and the write stops. */
  maxBytes: number;
  /** The refusal when more than `maxBytes` arrive. */
  tooLarge: () => ValidationError;
  /** The refusal when one of the sources fails (data that does not inflate, a damaged archive). */
  unreadable: () => ValidationError;
}

/**
 * Pipes `sources` (a readable, then any transforms such as a gunzip) into a new owner-only file,
 * hashing what passes. The moment the output would pass `maxBytes`, every stream is destroyed: an
 * inflating source stops there, so a bomb costs at most `maxBytes` of work and a few chunks of
 * memory, however far it claims or tries to expand. Inflating runs in zlib on libuv's thread pool;
 * this thread only counts, hashes and hands on chunks of 16-64 KB.
 * Errors of the file itself (disk full, permissions) are rethrown as they are.
 */
export async function writeCapped(sources: readonly Readable[], file: string, limits: WriteLimits): Promise<CappedWrite> {
  const hash = createHash('sha256');
  let bytes = 0;
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      bytes += chunk.length;
      if (bytes > limits.maxBytes) {
        done(limits.tooLarge());
        return;
      }
      hash.update(chunk);
      done(null, chunk);
    },
  });
  let sourceFailed = false;
  for (const source of sources) {
    source.once('error', () => {
      sourceFailed = true;
    });
  }
  try {
    // 'wx': the file is new (no other writer's file is truncated), and created owner-only.
    await pipeline([...sources, counter, createWriteStream(file, { flags: 'wx', mode: OWNER_ONLY_FILE })]);
  } catch (error) {
    if (error instanceof ValidationError) throw error;
    if (sourceFailed) throw limits.unreadable();
    throw error;
  }
  return { bytes, sha256: hash.digest('hex') };
}
