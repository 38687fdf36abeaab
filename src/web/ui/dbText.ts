/** A figure in dB or dBm with one decimal and a real minus sign ("−62.5 dBm"; without `unit`, "−62.5" for a column that names it); "—" when there is none. */
export function formatDb(value: number | null | undefined, unit?: 'dB' | 'dBm'): string {
  if (value === null || value === undefined) return '—';
  const rounded = Math.round(value * 10) / 10;
  const text = `${rounded < 0 ? '−' : ''}${Math.abs(rounded).toFixed(1)}`;
  return unit ? `${text} ${unit}` : text;
}
