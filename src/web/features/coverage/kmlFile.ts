import { strFromU8, unzipSync } from 'fflate';
import { KML_MAX_BYTES } from '../../../common/api/coverageLayers.js';

/** The size limit as people read it. */
export const KML_SIZE_NOTE = '50MB';
export const KML_ACCEPT = '.kml,.kmz';

export type KmlFileKind = 'kml' | 'kmz';

export function kmlFileKind(name: string): KmlFileKind | null {
  const lower = name.toLowerCase();
  if (lower.endsWith('.kml')) return 'kml';
  if (lower.endsWith('.kmz')) return 'kmz';
  return null;
}

/** Why a chosen file cannot be uploaded, or null when it can. The server enforces the same rules. */
export function kmlFileProblem(file: Pick<File, 'name' | 'size'>): string | null {
  if (!kmlFileKind(file.name)) return 'Choose a .kml or .kmz file.';
  if (file.size > KML_MAX_BYTES) return `The file is larger than ${KML_SIZE_NOTE}. Choose a smaller file or split the coverage into several layers.`;
  if (file.size === 0) return 'The file is empty.';
  return null;
}

/**
 * The KML document inside a KMZ (a zip): doc.kml at the top level by convention, otherwise the
 * first .kml entry. Only .kml entries are inflated; images and other assets are skipped.
 */
export function kmlTextFromKmz(bytes: Uint8Array): string {
  const entries = unzipSync(bytes, { filter: (entry) => entry.name.toLowerCase().endsWith('.kml') });
  const names = Object.keys(entries);
  const chosen = names.find((name) => name.toLowerCase() === 'doc.kml') ?? names[0];
  const data = chosen === undefined ? undefined : entries[chosen];
  if (!data) throw new Error('The KMZ file holds no KML document');
  return strFromU8(data);
}

/** The KML text of a .kml or .kmz file, read in the browser. */
export async function readKmlText(file: File): Promise<string> {
  if (kmlFileKind(file.name) === 'kmz') return kmlTextFromKmz(new Uint8Array(await file.arrayBuffer()));
  return file.text();
}

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}
