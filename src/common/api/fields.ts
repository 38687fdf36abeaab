import { z } from 'zod';

/**
 * The one rule for each kind of field (never copied elsewhere): e-mail, phone, URL, ids, text and
 * booleans sent as text. Every entity schema in this folder, on the server and in the browser,
 * builds on these.
 */

/** The largest id the database's integer ids hold; bigger ones are not ids. */
export const MAX_ID = 2_147_483_647;

export const EMAIL_MESSAGE = 'Please enter a valid email address';
export const PHONE_MESSAGE = 'Please enter a valid phone number';
export const PHONE_MIN_DIGITS = 7;
export const PHONE_DIGITS_MESSAGE = `Please enter a valid phone number: at least ${PHONE_MIN_DIGITS} digits`;
export const URL_MESSAGE = 'Please enter a valid URL starting with http:// or https://';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/** Digits, spaces, brackets and hyphens, after an optional leading plus. */
const PHONE_CHARACTERS = /^\+?[0-9\s()-]*$/;

export function isEmail(value: string): boolean {
  return EMAIL.test(value);
}

/**
 * Why a phone number is refused, or null: only digits, spaces, brackets, hyphens and a leading plus
 * may appear, and at least PHONE_MIN_DIGITS digits must remain once the rest is removed ("12", "-"
 * and "()" are not numbers anyone can call).
 */
export function phoneProblem(value: string): string | null {
  if (!PHONE_CHARACTERS.test(value)) return PHONE_MESSAGE;
  if (value.replace(/\D/g, '').length < PHONE_MIN_DIGITS) return PHONE_DIGITS_MESSAGE;
  return null;
}

export function isPhone(value: string): boolean {
  return phoneProblem(value) === null;
}

export function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

/** NUL characters: PostgreSQL text cannot store them, and no person types them. */
export function hasNoNul(value: string): boolean {
  return !value.includes('\u0000');
}

/** What a field with a NUL character is refused with: the field's name, so the person can find it. */
export function nulMessage(label: string): string {
  return `${label} must not contain NUL characters`;
}

/**
 * The one rule of all text the API takes: at most `max` characters and no NUL.
 * Every text input, in a body, a query, a path, a form or a CSV row, goes through this (or the
 * functions below, which build on it). Not trimmed: for passwords, secrets and JSON kept as sent.
 */
export function rawText(max: number, label: string) {
  return z.string().max(max, `${label} must be at most ${max} characters`).refine(hasNoNul, nulMessage(label));
}

/** Trimmed text of at most `max` characters, without NUL. */
export function text(max: number, label: string) {
  return z.string().trim().max(max, `${label} must be at most ${max} characters`).refine(hasNoNul, nulMessage(label));
}

/** Trimmed text that must not be empty (`requiredMessage` when it is missing or blank). */
export function requiredText(max: number, label: string, requiredMessage = `${label} is required`) {
  return z
    .string({ error: requiredMessage })
    .trim()
    .min(1, requiredMessage)
    .max(max, `${label} must be at most ${max} characters`)
    .refine(hasNoNul, nulMessage(label));
}

/** The name a browser gives an uploaded file (multipart filename), kept as sent. */
export const uploadFileName = rawText(255, 'File name');

/** Trimmed text that is empty or an e-mail address. */
export function emailText(max = 320) {
  return text(max, 'Email').refine((v) => v === '' || isEmail(v), EMAIL_MESSAGE);
}

/** Trimmed text that is empty or a phone number (phoneProblem tells which rule it breaks). */
export function phoneText(max = 40) {
  return text(max, 'Phone').superRefine((value, context) => {
    const problem = value === '' ? null : phoneProblem(value);
    if (problem) context.addIssue({ code: 'custom', message: problem });
  });
}

/** Trimmed text that is empty or an http(s) URL. */
export function httpUrlText(max = 2000, label = 'URL') {
  return text(max, label).refine((v) => v === '' || isHttpUrl(v), URL_MESSAGE);
}

/**
 * The issue param that marks an id too large for the database: it names no row, so a path that
 * carries it answers 404 like any id without a row (src/server/http/errorHandler.ts).
 */
export const ID_NOT_FOUND = 'id_not_found';

/** Digits only (spaces around allowed): ids in paths, queries and form fields arrive as text. */
const ID_TEXT = /^\s*\d+\s*$/;

function idInput(value: unknown): unknown {
  return typeof value === 'string' && ID_TEXT.test(value) ? Number(value) : value;
}

function idOfAtLeast(min: 0 | 1, message: string, notFoundMessage: string) {
  return z.preprocess(
    idInput,
    z
      .number({ error: message })
      .min(min, message)
      .refine((v) => v <= MAX_ID, { message: notFoundMessage, params: { [ID_NOT_FOUND]: true }, abort: true })
      .refine(Number.isInteger, message),
  );
}

/**
 * A database id, the one rule of every id the API takes (path, query, JSON body, form field): a
 * whole number from 1 to MAX_ID, as a JSON number or as digits in text; anything else is refused
 * with `message`. A larger number cannot name a row: it gets `notFoundMessage`.
 */
export function entityId(message: string, notFoundMessage = message) {
  return idOfAtLeast(1, message, notFoundMessage);
}

/** An id where 0 also has a meaning (the general inquiry of a lead; "no provider" in a filter). */
export function entityIdOrZero(message: string, notFoundMessage = message) {
  return idOfAtLeast(0, message, notFoundMessage);
}

/**
 * Decimal notation: an optional sign, digits with an optional point, an optional exponent ("30",
 * "-33.92", ".5", "1e3"). Number() alone also reads "0x1e" (30), "0b1", "0o7", "Infinity", and
 * blank text as 0; none of those is a number a person or a CSV means.
 */
const DECIMAL_TEXT = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/;

/**
 * The one rule for a number written as text (query strings, form fields, CSV cells, JSON strings):
 * decimal notation with spaces around allowed; NaN for anything else, or beyond a double's range.
 */
export function parseDecimal(value: string): number {
  const trimmed = value.trim();
  if (!DECIMAL_TEXT.test(trimmed)) return Number.NaN;
  const number = Number(trimmed);
  return Number.isFinite(number) ? number : Number.NaN;
}

/** For z.preprocess: text becomes its decimal number (NaN, which z.number refuses, when it is not one). */
export function decimalTextInput(value: unknown): unknown {
  return typeof value === 'string' ? parseDecimal(value) : value;
}

/**
 * A number given as a JSON number or as decimal text (parseDecimal), then checked by `schema`
 * (z.number with its message, ranges, default): the one way every schema reads numbers from text.
 */
export function numberField<T extends z.ZodType>(schema: T) {
  return z.preprocess(decimalTextInput, schema);
}

/**
 * A number of a form, a CSV cell or JSON: a JSON number or decimal text, empty text counting as a
 * missing value (so it gets `message`, or the field's default). The entity schemas' numeric fields.
 */
export function numberInput(message: string) {
  return z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? undefined : v), numberField(z.number({ error: message })));
}

/**
 * For z.preprocess before a default: null and blank text count as left out, so the field takes its
 * default (a CSV cell left empty, or a JSON export that writes null for "not set").
 */
export function blankAsMissing(value: unknown): unknown {
  return value === null || (typeof value === 'string' && value.trim() === '') ? undefined : value;
}

const TRUE_WORDS = new Set(['true', '1', 'on', 'yes']);
const FALSE_WORDS = new Set(['false', '0', 'off', 'no']);

/**
 * A boolean sent as text (form fields, environment variables): true/1/on/yes and false/0/off/no,
 * in any case. Anything else is returned unchanged, for the schema to refuse.
 */
export function parseBooleanText(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  const word = value.trim().toLowerCase();
  if (TRUE_WORDS.has(word)) return true;
  if (FALSE_WORDS.has(word)) return false;
  return value;
}

/** A boolean given as a JSON boolean or as text (see parseBooleanText). */
export function booleanField(message: string) {
  return z.preprocess(parseBooleanText, z.boolean({ error: message }));
}

/** A JSON object text as an object; empty text is an empty object; null when the text is not one. */
export function parseJsonObject(textValue: string): Record<string, unknown> | null {
  if (textValue.trim() === '') return {};
  try {
    const value: unknown = JSON.parse(textValue);
    return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}
