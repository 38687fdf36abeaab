/**
 * Where a provider's logo is served (GET /api/providers/logo/{filename}, public). Kept apart from
 * the zod contracts so the public map can use it without loading them.
 */
export function providerLogoUrl(filename: string): string {
  return `/api/providers/logo/${encodeURIComponent(filename)}`;
}
