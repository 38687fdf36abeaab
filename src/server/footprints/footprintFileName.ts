/** Longest name part kept, characters: file names stay short enough for every file system. */
const MAX_NAME_CHARS = 60;

/**
 * A tower footprint's download name, after the tower: "signal-hill-footprint.kml". The name (else
 * the code, else "tower-{id}") reduced to ASCII letters, digits and hyphens, so the file name is
 * safe on every system and needs no quoting or encoding in Content-Disposition.
 */
export function footprintFileName(tower: { id: number; name: string; code: string | null }, format: 'kml' | 'geojson'): string {
  const base = safeSlug(tower.name) || safeSlug(tower.code ?? '') || `tower-${tower.id}`;
  return `${base}-footprint.${format}`;
}

/** "Lion's Head (Ridge)" -> "lions-head-ridge"; accents are dropped ("Bélvédère" -> "belvedere"). */
function safeSlug(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/['\u2019]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .slice(0, MAX_NAME_CHARS)
    .replace(/^-+|-+$/g, '');
}
