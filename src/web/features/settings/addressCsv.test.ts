import { describe, expect, it } from 'vitest';
import { ADDRESS_CSV_MAX_BYTES as MAX_ADDRESS_CSV_BYTES } from '../../../common/api/geocode.js';
import { ADDRESS_CSV_TOO_LARGE, ADDRESS_CSV_WRONG_TYPE, addressCsvProblem } from './addressCsv.js';

describe('addressCsvProblem', () => {
  it('accepts a CSV file up to 5 MB', () => {
    expect(addressCsvProblem({ name: 'addresses.CSV', size: MAX_ADDRESS_CSV_BYTES, type: '' })).toBeNull();
    expect(addressCsvProblem({ name: 'export', size: 10, type: 'text/csv' })).toBeNull();
  });

  it('refuses a file over 5 MB', () => {
    expect(addressCsvProblem({ name: 'addresses.csv', size: MAX_ADDRESS_CSV_BYTES + 1, type: 'text/csv' })).toBe(ADDRESS_CSV_TOO_LARGE);
  });

  it('refuses a file that is not CSV', () => {
    expect(addressCsvProblem({ name: 'addresses.xlsx', size: 10, type: 'application/vnd.ms-excel' })).toBe(ADDRESS_CSV_WRONG_TYPE);
  });
});
