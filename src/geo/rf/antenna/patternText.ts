/**
 * The text of an uploaded pattern file, bounded and split into numbered lines, and the numbers on
 * them, each failure a PatternFileError naming the line.
 */
import { PatternFileError } from './patternFileError.js';

/** Longest pattern text read, characters: a Planet file is about 10 KB, a SPLAT! .el at 0.01° about 150 KB. */
export const MAX_PATTERN_TEXT_CHARS = 1_000_000;

/** Most lines read: SPLAT! reads .el entries to 0.01° (10,001 of them); nothing real needs more. */
export const MAX_PATTERN_LINES = 20_000;

export interface TextLine {
  /** 1-based, as an editor shows it. */
  number: number;
  /** The line without its end, trimmed. */
  text: string;
}

/** The non-empty lines of a pattern file, trimmed, with their numbers. Throws past the bounds above. */
export function patternLines(text: string): TextLine[] {
  if (text.length > MAX_PATTERN_TEXT_CHARS) {
    throw new PatternFileError(null, `the file is larger than ${MAX_PATTERN_TEXT_CHARS.toLocaleString('en')} characters: no antenna pattern is that long`);
  }
  const raw = text.replace(/^\uFEFF/, '').split(/\r\n|\r|\n/);
  // A final line end closes the last line rather than opening another.
  if (raw.at(-1) === '') raw.pop();
  if (raw.length > MAX_PATTERN_LINES) {
    throw new PatternFileError(null, `the file has more than ${MAX_PATTERN_LINES.toLocaleString('en')} lines: no antenna pattern is that long`);
  }
  const lines: TextLine[] = [];
  raw.forEach((line, i) => {
    const trimmed = line.trim();
    if (trimmed !== '') lines.push({ number: i + 1, text: trimmed });
  });
  if (lines.length === 0) throw new PatternFileError(null, 'the file is empty');
  return lines;
}

/** The whitespace-separated words of a line. */
export function words(text: string): string[] {
  return text.split(/\s+/).filter((word) => word !== '');
}

const NUMBER = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/;

/** Whether a word is a plain decimal number (no hex, no "Infinity", no empty string). */
export function isNumber(word: string): boolean {
  return NUMBER.test(word);
}

/**
 * A word read as a finite number, or a PatternFileError naming the line and what the number was for.
 * A decimal comma ("-6,3") is read as a point: files from European tools have them.
 */
export function numberOn(line: TextLine, word: string | undefined, what: string): number {
  if (word === undefined) throw new PatternFileError(line.number, `expected ${what}, found nothing`);
  const decimal = word.replace(/^([+-]?\d+),(\d+)$/, '$1.$2');
  if (!isNumber(decimal)) throw new PatternFileError(line.number, `expected ${what}, found "${shorten(word)}"`);
  return Number(decimal);
}

/** "1 word", "2 words". */
export function wordCount(count: number): string {
  return count === 1 ? '1 word' : `${count} words`;
}

/** A word cut short for an error message. */
export function shorten(word: string): string {
  return word.length > 20 ? `${word.slice(0, 20)}…` : word;
}
