import { createHash, randomUUID } from 'node:crypto';
import { setImmediate as yieldToRequests } from 'node:timers/promises';
import type { Clock } from '../clock.js';
import type { Executor } from '../db/transactions.js';
import { ValidationError } from '../errors.js';
import { type FileCache, sha256Hex } from './fileCache.js';
import type { FileRepository, StoredFileRecord } from './fileRepository.js';

/** The kinds of file kept in the database. */
export type StoredFileKind = 'logo' | 'terrain';

/** A stored file's description (without its bytes). */
export type StoredFile = Omit<StoredFileRecord, 'id'>;

/** Bytes per row of stored_file_parts: as layer geometry, 1 MB (see migration 0007 for the measurements). */
export const FILE_PART_BYTES = 1024 * 1024;

export const EMPTY_FILE = 'The file is empty';

/**
 * Files in the database (stored_files, stored_file_parts: migration 0020), shared by every server
 * on it, each read through this server's disk cache (FileCache, keyed on content).
 * - put writes the file in parts, one statement each with a turn of the event loop between, in
 *   one transaction that also removes the file it replaces: a reader sees the old file or the new
 *   one whole, never half of either. The parts are written under a staging name of their own, and
 *   the name is taken at the end (FileRepository.takeName): two puts of one name at once (two
 *   servers) neither mix their parts nor fail; the one that commits last is the file stored.
 * - get reads the description, then the bytes from the cache when it holds that content, else the
 *   parts (one repeatable-read transaction, so they are those of one version), checks them
 *   against the SHA-256 and keeps them in the cache.
 */
export class FileStore {
  constructor(
    private readonly repository: FileRepository,
    private readonly cache: FileCache,
    private readonly clock: Clock,
  ) {}

  /**
   * Stores `content` (bytes, or chunks such as a file's read stream) as the file `name` of `kind`,
   * replacing one of that name. In `trx` when given (the caller's change commits with it), else in
   * a transaction of its own. An empty file is refused.
   */
  async put(kind: StoredFileKind, name: string, content: Uint8Array | AsyncIterable<Uint8Array>, contentType: string, trx?: Executor): Promise<StoredFile> {
    if (!trx) return this.repository.transaction((own) => this.put(kind, name, content, contentType, own));
    const createdAt = this.clock.now().toISOString();
    // Under a name no other put uses, so writing the parts waits on no one and holds no lock another
    // put of this name waits on. The hash and size are known once every part is written: the row is
    // completed then, as it takes its name, in the same transaction.
    const id = await this.repository.insert({ kind, name: stagingName(name), sha256: '', byteSize: 0, contentType, createdAt }, trx);
    const hash = createHash('sha256');
    let partIndex = 0;
    let byteSize = 0;
    for await (const part of inParts(content instanceof Uint8Array ? [content] : content)) {
      await yieldToRequests();
      hash.update(part);
      await this.repository.insertPart(id, partIndex++, part, trx);
      byteSize += part.byteLength;
    }
    if (byteSize === 0) throw new ValidationError(EMPTY_FILE);
    const sha256 = hash.digest('hex');
    await this.repository.takeName(id, kind, name, { sha256, byteSize }, trx);
    return { kind, name, sha256, byteSize, contentType, createdAt };
  }

  /** A file's description; undefined when there is none. */
  async find(kind: StoredFileKind, name: string): Promise<StoredFile | undefined> {
    return describe(await this.repository.find(kind, name));
  }

  /** A file's description and bytes; null when there is no such file. */
  async get(kind: StoredFileKind, name: string): Promise<{ file: StoredFile; bytes: Buffer } | null> {
    const found = await this.find(kind, name);
    return found ? this.read(found) : null;
  }

  /**
   * The bytes of a file `find` described (for a caller that may answer from the description
   * alone); null when it is gone since. A file replaced since is answered with its new description.
   */
  async read(file: StoredFile): Promise<{ file: StoredFile; bytes: Buffer } | null> {
    const cached = await this.cache.read(file.sha256, file.byteSize);
    if (cached) return { file, bytes: cached };
    const read = await this.readParts(file.kind, file.name);
    if (!read) return null;
    await this.cache.write(read.file.sha256, read.bytes);
    return read;
  }

  /** The files of a kind, by name. */
  async list(kind: StoredFileKind): Promise<StoredFile[]> {
    return (await this.repository.list(kind)).map((record) => describe(record));
  }

  /** False when there was no such file. In `trx` when given. */
  delete(kind: StoredFileKind, name: string, trx?: Executor): Promise<boolean> {
    return this.repository.delete(kind, name, trx);
  }

  /**
   * Removes this server's cached copies of contents no stored file has any more (a copy written
   * after the list is read is left for the next prune); answers how many.
   */
  async pruneCache(): Promise<number> {
    // The system's time, not the clock's: it is compared with the copies' mtimes.
    const listedAtMs = Date.now();
    return this.cache.prune(await this.repository.allSha256(), listedAtMs);
  }

  /** A new temporary path in the cache folder, for a caller that builds a file on disk before storing it. */
  temporaryFile(): Promise<string> {
    return this.cache.temporaryFile();
  }

  private async readParts(kind: string, name: string): Promise<{ file: StoredFile; bytes: Buffer } | null> {
    return this.repository.snapshot(async (trx) => {
      // Read again inside the transaction: the file may have been replaced since.
      const found = await this.repository.find(kind, name, trx);
      if (!found) return null;
      const bytes = Buffer.alloc(found.byteSize);
      for (let partIndex = 0, offset = 0; offset < bytes.byteLength; partIndex++) {
        await yieldToRequests();
        const part = await this.repository.part(found.id, partIndex, trx);
        if (!part || offset + part.byteLength > bytes.byteLength) throw new Error(`Stored ${kind} file ${name}: part ${partIndex} is missing or too long`);
        bytes.set(part, offset);
        offset += part.byteLength;
      }
      if (sha256Hex(bytes) !== found.sha256) throw new Error(`Stored ${kind} file ${name}: its parts do not match its SHA-256`);
      return { file: describe(found), bytes };
    });
  }
}

/** The name a file's row has while put writes its parts: unique, and never committed (takeName gives it its own in the same transaction). */
function stagingName(name: string): string {
  return `${name}#staging-${randomUUID()}`;
}

function describe(record: StoredFileRecord): StoredFile;
function describe(record: StoredFileRecord | undefined): StoredFile | undefined;
function describe(record: StoredFileRecord | undefined): StoredFile | undefined {
  if (!record) return undefined;
  const { id: _id, ...file } = record;
  return file;
}

/**
 * Chunks of any size regrouped into parts of exactly FILE_PART_BYTES (the last one shorter). A
 * part's chunks are collected and copied together once (a part made of one chunk is not copied):
 * joining them chunk by chunk would copy a 1 MB part once per chunk.
 */
export async function* inParts(chunks: Iterable<Uint8Array> | AsyncIterable<Uint8Array>): AsyncGenerator<Uint8Array> {
  let pending: Uint8Array[] = [];
  let pendingBytes = 0;
  const joined = (): Uint8Array => (pending.length === 1 ? pending[0]! : Buffer.concat(pending, pendingBytes));
  for await (const chunk of chunks) {
    let rest = chunk;
    while (pendingBytes + rest.byteLength >= FILE_PART_BYTES) {
      const take = FILE_PART_BYTES - pendingBytes;
      pending.push(rest.subarray(0, take));
      pendingBytes = FILE_PART_BYTES;
      yield joined();
      pending = [];
      pendingBytes = 0;
      rest = rest.subarray(take);
    }
    if (rest.byteLength > 0) {
      pending.push(rest);
      pendingBytes += rest.byteLength;
    }
  }
  if (pendingBytes > 0) yield joined();
}
