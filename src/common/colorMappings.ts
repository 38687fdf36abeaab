import { type ColorMapping, isColorMappingStatus, LAYER_DEFAULT } from './api/coverageLayers.js';

/** Colour mappings as stored (JSON text of ColorMapping[]); anything unreadable counts as none. */
export function parseColorMappings(text: string | null): ColorMapping[] {
  if (!text) return [];
  try {
    const value: unknown = JSON.parse(text);
    if (!Array.isArray(value)) return [];
    return value.flatMap((entry: unknown) => {
      const m = (entry ?? {}) as Partial<Record<keyof ColorMapping, unknown>>;
      return typeof m.color === 'string' && isColorMappingStatus(m.status)
        ? [{ color: m.color.toLowerCase(), status: m.status, description: typeof m.description === 'string' ? m.description : '' }]
        : [];
    });
  } catch {
    return [];
  }
}

/** The colours given a status of their own: those left to the layer's default are not counted. */
export function assignedColorCount(mappings: readonly ColorMapping[]): number {
  return mappings.filter((mapping) => mapping.status !== LAYER_DEFAULT).length;
}
