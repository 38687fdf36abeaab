import { constants, deflateRawSync } from 'node:zlib';

/**
 * Hostile archives for the terrain upload tests and the terrainUploads benchmark, written byte by
 * byte where no zip library would write them: directories whose entries overlap or lie about their
 * sizes, gzip trailers that lie. Checksums are left 0: what is tested stops long before a checksum
 * would be compared. Each is built in milliseconds, even one that inflates to gigabytes.
 */

const MiB = 1024 * 1024;

/** One entry's data as it sits in the archive. */
interface StoredEntry {
  name: string;
  /** 0 stored, 8 deflated. */
  method: 0 | 8;
  data: Buffer;
  /** Bytes the data really inflates to, written in the local header. */
  size: number;
}

/** A directory record: what the zip's central directory says of an entry. */
interface DirectoryRecord {
  name: string;
  /** Bytes the directory claims the entry inflates to. */
  declaredSize: number;
}

/**
 * A zip holding one stored entry whose central directory lists `records`, every one pointing at that
 * entry's local header (offset 0): several records make the overlapping-entries zip bomb, one record
 * with a false size makes the lying zip.
 */
function zipPointingAt(entry: StoredEntry, records: DirectoryRecord[]): Buffer {
  const localName = Buffer.from(entry.name);
  const local = Buffer.alloc(30);
  local.writeUInt32LE(0x04034b50, 0);
  local.writeUInt16LE(20, 4);
  local.writeUInt16LE(entry.method, 8);
  local.writeUInt32LE(entry.data.length, 18);
  local.writeUInt32LE(entry.size % 2 ** 32, 22);
  local.writeUInt16LE(localName.length, 26);
  const directory: Buffer[] = [];
  for (const record of records) {
    const name = Buffer.from(record.name);
    const header = Buffer.alloc(46);
    header.writeUInt32LE(0x02014b50, 0);
    header.writeUInt16LE(20, 4);
    header.writeUInt16LE(20, 6);
    header.writeUInt16LE(entry.method, 10);
    header.writeUInt32LE(entry.data.length, 20);
    header.writeUInt32LE(record.declaredSize, 24);
    header.writeUInt16LE(name.length, 28);
    header.writeUInt32LE(0, 42);
    directory.push(header, name);
  }
  const directoryOffset = local.length + localName.length + entry.data.length;
  const directoryBytes = Buffer.concat(directory);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(records.length, 8);
  end.writeUInt16LE(records.length, 10);
  end.writeUInt32LE(directoryBytes.length, 12);
  end.writeUInt32LE(directoryOffset, 16);
  return Buffer.concat([local, localName, entry.data, directoryBytes, end]);
}

/**
 * Raw deflate data that inflates to `bytes` zero bytes, about 1 KB per MiB: the same fully flushed
 * 1 MiB block repeated (each starts afresh, so repeating it is valid deflate), then a final empty block.
 */
export function deflatedZeros(bytes: number): Buffer {
  const flushed = (size: number) => deflateRawSync(Buffer.alloc(size), { finishFlush: constants.Z_FULL_FLUSH });
  const block = flushed(MiB);
  const parts: Buffer[] = Array.from({ length: Math.floor(bytes / MiB) }, () => block);
  if (bytes % MiB > 0) parts.push(flushed(bytes % MiB));
  parts.push(deflateRawSync(Buffer.alloc(0)));
  return Buffer.concat(parts);
}

/** The overlapping-entries zip bomb: one deflated tile of `tileBytes` zeros, listed under every name of `names`. */
export function overlappingZip(names: string[], tileBytes: number): Buffer {
  return zipPointingAt(
    { name: names[0]!, method: 8, data: deflatedZeros(tileBytes), size: tileBytes },
    names.map((name) => ({ name, declaredSize: tileBytes })),
  );
}

/** A zip of one entry `name` whose directory says it holds `declaredBytes` while its data inflates to `inflatedBytes` zeros. */
export function lyingZip(name: string, declaredBytes: number, inflatedBytes: number): Buffer {
  return zipPointingAt({ name, method: 8, data: deflatedZeros(inflatedBytes), size: inflatedBytes }, [{ name, declaredSize: declaredBytes }]);
}

/** A gzip of `inflatedBytes` zeros whose trailer claims it holds `declaredBytes` (the ISIZE field, mod 2^32). */
export function lyingGzip(declaredBytes: number, inflatedBytes: number): Buffer {
  // Header: magic, deflate, no flags, no time, no extra flags, unknown OS.
  const header = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff]);
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(declaredBytes % 2 ** 32, 4);
  return Buffer.concat([header, deflatedZeros(inflatedBytes), trailer]);
}
