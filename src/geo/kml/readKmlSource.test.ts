import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { strToU8, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { KmlParseError } from './kmlParseError.js';
import { kmlTextChunks, type ReadKmlSourceOptions } from './readKmlSource.js';

/** The whole text the chunks make up. */
const readKmlSource = (bytes: Uint8Array, filename: string, options?: ReadKmlSourceOptions) => [...kmlTextChunks({ bytes }, filename, options)].join('');

const DOC = '<?xml version="1.0" encoding="UTF-8"?><kml><Document><name>doc</name></Document></kml>';

describe('kmlTextChunks: KML', () => {
  it('decodes UTF-8 and drops a byte-order mark', () => {
    const bytes = new Uint8Array([0xef, 0xbb, 0xbf, ...strToU8('<kml><name>Bloemfontein – Café</name></kml>')]);
    expect(readKmlSource(bytes, 'coverage.kml')).toBe('<kml><name>Bloemfontein – Café</name></kml>');
  });

  it('decodes the encoding the XML declaration names', () => {
    const latin1 = new Uint8Array([...strToU8('<?xml version="1.0" encoding="ISO-8859-1"?><kml><name>Caf'), 0xe9, ...strToU8('</name></kml>')]);
    expect(readKmlSource(latin1, 'coverage.kml')).toContain('<name>Café</name>');
  });

  it('refuses an encoding it does not know', () => {
    const bytes = strToU8('<?xml version="1.0" encoding="x-martian"?><kml/>');
    expect(() => readKmlSource(bytes, 'coverage.kml')).toThrow(new KmlParseError('The KML file declares an unknown text encoding: x-martian'));
  });
});

describe('kmlTextChunks: KMZ', () => {
  it('reads doc.kml, wherever it sits among the entries', () => {
    const kmz = zipSync({ 'files/other.kml': strToU8('<kml>other</kml>'), 'doc.kml': strToU8(DOC), 'files/logo.png': new Uint8Array([1, 2]) });
    expect(readKmlSource(kmz, 'coverage.kmz')).toBe(DOC);
  });

  it('reads the first .kml entry when there is no doc.kml, recognising the zip by its content', () => {
    const kmz = zipSync({ 'images/a.png': new Uint8Array([1]), 'Coverage.KML': strToU8(DOC), 'z.kml': strToU8('<kml>z</kml>') });
    expect(readKmlSource(kmz, 'upload.kml')).toBe(DOC);
  });

  it('refuses a KMZ without a .kml entry', () => {
    const kmz = zipSync({ 'readme.txt': strToU8('hello') });
    expect(() => readKmlSource(kmz, 'coverage.kmz')).toThrow(new KmlParseError('The KMZ file contains no .kml document'));
  });

  it('refuses a .kmz that is not a zip archive', () => {
    expect(() => readKmlSource(strToU8(DOC), 'coverage.kmz')).toThrow(new KmlParseError('The KMZ file is not a valid zip archive'));
  });

  it('refuses a damaged zip archive', () => {
    const kmz = zipSync({ 'doc.kml': strToU8(DOC) });
    expect(() => readKmlSource(kmz.subarray(0, 30), 'coverage.kmz')).toThrow(/^The KMZ file is not a valid zip archive/);
  });

  it('refuses a .kml entry that expands beyond the limit', () => {
    const kmz = zipSync({ 'doc.kml': strToU8(DOC.padEnd(3 * 1024 * 1024, ' ')) });
    expect(() => readKmlSource(kmz, 'coverage.kmz', { maxKmlBytes: 2 * 1024 * 1024 })).toThrow(
      new KmlParseError('The KML inside the KMZ file is larger than 2 MB'),
    );
  });
});

describe('kmlTextChunks: reading in chunks', () => {
  const MB = 1024 * 1024;

  it('keeps a character whose bytes straddle two chunks whole, from memory and from disk', () => {
    // "é" is two bytes in UTF-8; the first ends the first 1 MB chunk.
    const text = `<kml>${'a'.repeat(MB - 6)}é${'b'.repeat(MB)}</kml>`;
    const bytes = strToU8(text);
    expect(bytes[MB - 1]).toBe(0xc3);
    const folder = mkdtempSync(join(tmpdir(), 'kml-chunks-'));
    try {
      const path = join(folder, 'coverage.kml');
      writeFileSync(path, bytes);
      const fromDisk = [...kmlTextChunks({ path }, 'coverage.kml')];
      expect(fromDisk.length).toBeGreaterThan(1);
      expect(fromDisk.join('')).toBe(text);
      expect(readKmlSource(bytes, 'coverage.kml')).toBe(text);
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });

  it('reads a KMZ from disk and honours the declared encoding there', () => {
    const latin1 = new Uint8Array([...strToU8('<?xml version="1.0" encoding="ISO-8859-1"?><kml><name>Caf'), 0xe9, ...strToU8('</name></kml>')]);
    const folder = mkdtempSync(join(tmpdir(), 'kml-chunks-'));
    try {
      const path = join(folder, 'upload');
      writeFileSync(path, zipSync({ 'doc.kml': latin1 }));
      expect([...kmlTextChunks({ path }, 'coverage.kmz')].join('')).toContain('<name>Café</name>');
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });
});
