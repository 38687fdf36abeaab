/**
 * A pattern file this module cannot read. The message names the line (1-based) and what was wrong,
 * e.g. "Line 14: expected 360 horizontal values, found 359", prefixed with the file's name when the
 * caller gave one (two files, SPLAT!'s .az and .el, come in one upload). The server answers it as a 400.
 */
export class PatternFileError extends Error {
  constructor(
    readonly line: number | null,
    readonly detail: string,
    readonly fileName: string | null = null,
  ) {
    const where = line === null ? '' : `Line ${line}: `;
    super(fileName === null ? `${where}${detail}` : `${fileName}: ${where}${detail}`);
    this.name = 'PatternFileError';
  }

  /** The same error told of a named file. */
  inFile(fileName: string): PatternFileError {
    return new PatternFileError(this.line, this.detail, fileName);
  }
}
