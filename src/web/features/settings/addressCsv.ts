import { ADDRESS_CSV_MAX_BYTES } from '../../../common/api/geocode.js';

export const ADDRESS_CSV_TOO_LARGE = 'The CSV file must be at most 5 MB';
export const ADDRESS_CSV_WRONG_TYPE = 'Choose a .csv file with the columns label,lat,lng';

/** An example file for the admin to copy: a header row, then one address per row. */
export const ADDRESS_CSV_EXAMPLE = 'label,lat,lng\n"12 Marine Drive, Hermanus",-34.4187,19.2345\nGansbaai Harbour,-34.5805,19.3475';

/** Why `file` cannot be imported, checked before uploading it; null when it can. */
export function addressCsvProblem(file: { name: string; size: number; type: string }): string | null {
  const looksLikeCsv = /\.(csv|txt)$/i.test(file.name) || file.type === 'text/csv';
  if (!looksLikeCsv) return ADDRESS_CSV_WRONG_TYPE;
  if (file.size > ADDRESS_CSV_MAX_BYTES) return ADDRESS_CSV_TOO_LARGE;
  return null;
}
