/**
 * Collects garbage now when the process allows it (npm start runs node with --expose-gc), else
 * does nothing. For work that frees a lot at a known moment, where waiting for V8 to notice would
 * let the process grow well past what it holds: a dropped terrain tile (26 MB at once), or the
 * rows of a long export, which V8 otherwise lets pile up in the old generation for tens of MB.
 */
export function collectGarbage(): void {
  (globalThis as { gc?: () => void }).gc?.();
}
