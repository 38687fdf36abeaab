import type { ColorMapping } from './api/coverageLayers.js';
import { isServiceStatus } from './serviceStatus.js';

/** Colour mappings as stored (JSON text of ColorMapping[]); anything unreadable counts as none. */
export function parseColorMappings(text: string | null): ColorMapping[] {
  if (!text) return [];
  try {
    const value: unknown = JSON.parse(text);
    if (!Array.isArray(value)) return [];
    return value.flatMap((entry: unknown) => {
      const m = (entry ?? {}) as Partial<Record<keyof ColorMapping, unknown>>;
      return typeof m.color === 'string' && isServiceStatus(m.status)
        ? [{ color: m.color.toLowerCase(), status: m.status, description: typeof m.description === 'string' ? m.description : '' }]
        : [];
    });
  } catch {
    return [];
  }
}
