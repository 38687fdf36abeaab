/** A figure in dB or dBm with one decimal and a real minus sign ("−62.5 dBm"); "—" when there is none. */
export function formatDb(value: number | null | undefined, unit: 'dB' | 'dBm'): string {
  if (value === null || value === undefined) return '—';
  const rounded = Math.round(value * 10) / 10;
  const text = Math.abs(rounded).toFixed(1);
  return `${rounded < 0 ? '−' : ''}${text} ${unit}`;
}
