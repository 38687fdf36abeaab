import { closeSync, openSync, readFileSync, readSync } from 'node:fs';
import { unzipSync, type UnzipFileFilter, type Unzipped } from 'fflate';
import { KmlParseError } from './kmlParseError.js';

/** An uploaded file: its bytes in memory, or a file on disk (an upload spooled there). */
export type KmlSource = { bytes: Uint8Array } | { path: string };

export interface ReadKmlSourceOptions {
  /**
   * Largest .kml a KMZ may expand to, in bytes (default 256 MiB). Uploads are limited to 50 MB
   * compressed; this stops a small zip from expanding into gigabytes.
   */
  maxKmlBytes?: number;
}

const DEFAULT_MAX_KML_BYTES = 256 * 1024 * 1024;
/** Bytes decoded at a time: the text of a 48 MB file is never whole in memory, only a chunk of it. */
const CHUNK_BYTES = 64 * 1024;
/** The XML declaration, with the encoding it names, lies within this many bytes of the start. */
const DECLARATION_BYTES = 256;

/**
 * The KML text of an uploaded file, in chunks of about a megabyte (the parser is a stream). A KMZ
 * (a zip, recognised by its name or its "PK" signature) yields its doc.kml, else its first .kml
 * entry. Text is decoded as UTF-8 unless the XML declaration names another encoding; a
 * byte-order mark is dropped. Throws KmlParseError for a broken zip or an unknown encoding.
 */
export function* kmlTextChunks(source: KmlSource, filename: string, options: ReadKmlSourceOptions = {}): Generator<string> {
  const bytes = 'bytes' in source ? source.bytes : null;
  const head = bytes ? bytes.subarray(0, DECLARATION_BYTES) : readHead((source as { path: string }).path);
  const isZip = head[0] === 0x50 && head[1] === 0x4b && head[2] === 0x03 && head[3] === 0x04;
  if (isZip) {
    // A zip's directory is at its end: the archive is read whole (at most the 50 MB upload).
    const entry = kmlEntryOf(bytes ?? readFileSync((source as { path: string }).path), options.maxKmlBytes ?? DEFAULT_MAX_KML_BYTES);
    yield* decodeChunks(entry.subarray(0, DECLARATION_BYTES), bytesInChunks(entry));
    return;
  }
  if (/\.kmz$/i.test(filename)) throw new KmlParseError('The KMZ file is not a valid zip archive');
  yield* decodeChunks(head, bytes ? bytesInChunks(bytes) : fileInChunks((source as { path: string }).path));
}

function readHead(path: string): Uint8Array {
  const fd = openSync(path, 'r');
  try {
    const head = new Uint8Array(DECLARATION_BYTES);
    return head.subarray(0, readSync(fd, head, 0, DECLARATION_BYTES, 0));
  } finally {
    closeSync(fd);
  }
}

function* bytesInChunks(bytes: Uint8Array): Generator<Uint8Array> {
  for (let at = 0; at < bytes.length; at += CHUNK_BYTES) yield bytes.subarray(at, at + CHUNK_BYTES);
}

function* fileInChunks(path: string): Generator<Uint8Array> {
  const fd = openSync(path, 'r');
  try {
    const buffer = new Uint8Array(CHUNK_BYTES);
    for (let read = readSync(fd, buffer, 0, CHUNK_BYTES, null); read > 0; read = readSync(fd, buffer, 0, CHUNK_BYTES, null)) {
      yield buffer.subarray(0, read);
    }
  } finally {
    closeSync(fd);
  }
}

function kmlEntryOf(zip: Uint8Array, maxKmlBytes: number): Uint8Array {
  const kmlEntries: { name: string; size: number }[] = [];
  unzipEntries(zip, (file) => {
    if (/\.kml$/i.test(file.name)) kmlEntries.push({ name: file.name, size: file.originalSize });
    return false;
  });
  const chosen = kmlEntries.find((entry) => entry.name.toLowerCase() === 'doc.kml') ?? kmlEntries[0];
  if (!chosen) throw new KmlParseError('The KMZ file contains no .kml document');
  if (chosen.size > maxKmlBytes) {
    throw new KmlParseError(`The KML inside the KMZ file is larger than ${Math.floor(maxKmlBytes / 1024 / 1024)} MB`);
  }
  const entry = unzipEntries(zip, (file) => file.name === chosen.name)[chosen.name];
  if (!entry) throw new KmlParseError('The KMZ file contains no .kml document');
  return entry;
}

/** Only entries the filter accepts are inflated, so listing names costs no decompression. */
function unzipEntries(zip: Uint8Array, filter: UnzipFileFilter): Unzipped {
  try {
    return unzipSync(zip, { filter });
  } catch (error) {
    throw new KmlParseError(`The KMZ file is not a valid zip archive: ${(error as Error).message}`);
  }
}

/** Decodes byte chunks in the encoding `head` (the first bytes) declares; a character may straddle two chunks. */
function* decodeChunks(head: Uint8Array, chunks: Iterable<Uint8Array>): Generator<string> {
  const decoder = declaredDecoder(head);
  for (const chunk of chunks) {
    const text = decoder.decode(chunk, { stream: true });
    if (text !== '') yield text;
  }
  const rest = decoder.decode();
  if (rest !== '') yield rest;
}

function declaredDecoder(head: Uint8Array): InstanceType<typeof TextDecoder> {
  // The declaration is ASCII, so reading the first bytes as latin1 finds it whatever the encoding;
  // a UTF-8 byte-order mark reads as "ï»¿" there.
  const declared = /^(?:ï»¿)?\s*<\?xml[^>]*\bencoding\s*=\s*["']([A-Za-z0-9._-]+)["']/.exec(new TextDecoder('latin1').decode(head))?.[1];
  const label = declared ?? 'utf-8';
  try {
    return new TextDecoder(label);
  } catch (error) {
    // The constructor throws RangeError for a label it does not know.
    if (error instanceof RangeError) throw new KmlParseError(`The KML file declares an unknown text encoding: ${label}`);
    throw error;
  }
}
