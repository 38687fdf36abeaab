import { describe, expect, it } from 'vitest';
import { fileNameFromContentDisposition } from './contentDisposition.js';

describe('fileNameFromContentDisposition', () => {
  it('reads a quoted file name', () => {
    expect(fileNameFromContentDisposition('attachment; filename="searches-2026-10-25-to-2026-11-23.csv"')).toBe('searches-2026-10-25-to-2026-11-23.csv');
  });

  it('reads an unquoted file name, with spaces around the parameters', () => {
    expect(fileNameFromContentDisposition('attachment ;  filename = leads-2026-11-01.csv ; size=12')).toBe('leads-2026-11-01.csv');
  });

  it('prefers the UTF-8 filename* over the plain name, in either order', () => {
    expect(fileNameFromContentDisposition(`attachment; filename="Rapport.csv"; filename*=UTF-8''Rapport%20d%C3%A9cembre.csv`)).toBe('Rapport décembre.csv');
    expect(fileNameFromContentDisposition(`attachment; filename*=utf-8'en'Rapport%20d%C3%A9cembre.csv; filename="Rapport.csv"`)).toBe('Rapport décembre.csv');
  });

  it('decodes an ISO-8859-1 filename*', () => {
    expect(fileNameFromContentDisposition(`attachment; filename*=iso-8859-1'en'caf%E9.csv`)).toBe('café.csv');
  });

  it('falls back to the plain name when filename* cannot be decoded', () => {
    expect(fileNameFromContentDisposition(`attachment; filename*=UTF-8''bad%E0%A4%A.csv; filename="plain.csv"`)).toBe('plain.csv');
    expect(fileNameFromContentDisposition(`attachment; filename*=koi8-r''x.csv; filename="plain.csv"`)).toBe('plain.csv');
  });

  it('unescapes quoted characters and keeps semicolons inside quotes', () => {
    expect(fileNameFromContentDisposition('attachment; filename="a \\"b\\"; c.csv"')).toBe('a _b_; c.csv');
  });

  it('drops folders and characters file systems refuse', () => {
    expect(fileNameFromContentDisposition('attachment; filename="../../etc/passwd"')).toBe('passwd');
    expect(fileNameFromContentDisposition('attachment; filename="C:\\\\temp\\\\x.csv"')).toBe('x.csv');
    expect(fileNameFromContentDisposition('attachment; filename="a<b>|c?.csv"')).toBe('a_b__c_.csv');
  });

  it('answers null without a usable name', () => {
    expect(fileNameFromContentDisposition(null)).toBeNull();
    expect(fileNameFromContentDisposition('')).toBeNull();
    expect(fileNameFromContentDisposition('attachment')).toBeNull();
    expect(fileNameFromContentDisposition('attachment; filename=""')).toBeNull();
    expect(fileNameFromContentDisposition('attachment; filename=".."')).toBeNull();
  });

  it('ignores parameter names that only end in filename', () => {
    expect(fileNameFromContentDisposition('attachment; xfilename="no.csv"; filename="yes.csv"')).toBe('yes.csv');
  });
});
