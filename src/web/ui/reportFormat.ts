/** Numbers of the report screens. */

const COUNT = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });

/** A whole count with thousands separators: "12,345". */
export function formatCount(value: number): string {
  return COUNT.format(value);
}

/**
 * A percentage the server computed (one decimal): "12.5%", "50%", "0%". Trailing zeros go, so a
 * whole figure reads as one.
 */
export function formatPercent(value: number): string {
  if (!Number.isFinite(value)) return '0%';
  return `${Number(value.toFixed(1))}%`;
}
