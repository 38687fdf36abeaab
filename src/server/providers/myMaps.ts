/** The hosts Google serves My Maps from. */
const MY_MAPS_HOSTS = new Set(['www.google.com', 'google.com']);
/** viewer, edit, embed and kml pages, optionally under a signed-in account (/u/0/). */
const MY_MAPS_PATH = /^\/maps\/d\/(?:u\/\d+\/)?(?:viewer|edit|embed|kml)\/?$/;
/** Google's map ids are URL-safe base64-like text. */
const MAP_ID = /^[A-Za-z0-9_-]{10,100}$/;

/** The map id of a Google My Maps link, or null when the text is not one. */
export function parseMyMapsUrl(url: string): { mapId: string } | null {
  let parsed: URL;
  try {
    parsed = new URL(url.trim());
  } catch {
    return null;
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') return null;
  if (!MY_MAPS_HOSTS.has(parsed.hostname) || !MY_MAPS_PATH.test(parsed.pathname)) return null;
  const mapId = parsed.searchParams.get('mid');
  return mapId && MAP_ID.test(mapId) ? { mapId } : null;
}

/** The KML export address of a map: the configured template (MY_MAPS_KML_URL) with {mapId} filled in. */
export function myMapsKmlUrl(template: string, mapId: string): string {
  return template.replaceAll('{mapId}', encodeURIComponent(mapId));
}
