import { apiDownload } from '../api/apiDownload.js';
import type { PeriodRange } from './reportPeriod.js';
import { saveBlob } from './saveFile.js';

/** A CSV file name for when the server names none: "leads-2026-10-25-to-2026-11-23.csv". */
export function fallbackCsvName(report: string, range: PeriodRange): string {
  return `${report}-${range.start_date}-to-${range.end_date}.csv`;
}

/**
 * Downloads a report's CSV (`path` already holds `format=csv`) with the admin token, then saves
 * it under the server's file name (Content-Disposition), or `fallbackName`. Resolves to the name
 * saved. A plain link cannot carry the token, hence the fetch.
 */
export async function downloadCsv(path: string, fallbackName: string): Promise<string> {
  const { blob, fileName } = await apiDownload(path, { authenticated: true });
  const name = fileName ?? fallbackName;
  saveBlob(blob, name);
  return name;
}
