import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  entityId,
  entityIdOrZero,
  ID_NOT_FOUND,
  MAX_ID,
  numberField,
  parseDecimal,
  PHONE_DIGITS_MESSAGE,
  PHONE_MESSAGE,
  phoneProblem,
  phoneText,
  rawText,
  requiredText,
  text,
  uploadFileName,
} from './fields.js';

const messages = (result: z.ZodSafeParseResult<unknown>) => (result.success ? [] : result.error.issues.map((issue) => issue.message));

describe('the text rule', () => {
  it('refuses a NUL character anywhere, naming the field', () => {
    for (const schema of [text(50, 'Code'), rawText(50, 'Code'), requiredText(50, 'Code')]) {
      for (const value of ['\u0000', 'a\u0000b', 'ab\u0000', ' \u0000 ']) {
        expect(messages(schema.safeParse(value)), JSON.stringify(value)).toContain('Code must not contain NUL characters');
      }
    }
    expect(uploadFileName.safeParse('map\u0000.kml').success).toBe(false);
  });

  it('keeps other text: unicode, control characters but NUL, and the limit in characters', () => {
    expect(text(20, 'Name').parse('  Zoë 👩‍👩‍👧 \u202e ')).toBe('Zoë 👩‍👩‍👧 \u202e');
    expect(rawText(20, 'Password').parse(' \u0001secret ')).toBe(' \u0001secret ');
    expect(messages(text(3, 'Code').safeParse('abcd'))).toEqual(['Code must be at most 3 characters']);
  });

  it('requires text that is not blank, with the message given', () => {
    expect(messages(requiredText(10, 'Tower name').safeParse('   '))).toEqual(['Tower name is required']);
    expect(messages(requiredText(10, 'Tower name').safeParse(undefined))).toEqual(['Tower name is required']);
    expect(messages(requiredText(10, 'address', 'address is required').safeParse(''))).toEqual(['address is required']);
  });
});

describe('the phone rule', () => {
  it.each(['+27 (21) 555-0100', '021 555 0100', '0215550100', '(021) 555-01-00', '+1 212 555 0100'])('accepts %j', (phone) => {
    expect(phoneProblem(phone)).toBeNull();
  });

  it.each(['12', '-', '()', '+', '021 555', '+ - ( ) 1 2 3'])('refuses %j: fewer than 7 digits', (phone) => {
    expect(phoneProblem(phone)).toBe(PHONE_DIGITS_MESSAGE);
  });

  it.each(['call me', '021 555 0100 ext 2', '021.555.0100', '021 555+0100', '++27 21 555 0100', '021/555/0100'])('refuses %j: other characters', (phone) => {
    expect(phoneProblem(phone)).toBe(PHONE_MESSAGE);
  });

  it('is optional in a schema: empty text passes, and one message per refused number', () => {
    expect(phoneText().parse('  ')).toBe('');
    expect(phoneText().parse(' +27 (21) 555-0100 ')).toBe('+27 (21) 555-0100');
    expect(messages(phoneText().safeParse('12'))).toEqual([PHONE_DIGITS_MESSAGE]);
    expect(messages(phoneText().safeParse('call me'))).toEqual([PHONE_MESSAGE]);
  });
});

describe('the id rule', () => {
  const id = entityId('Tower id must be a positive whole number', 'Tower not found');

  it('takes whole numbers from 1 to the largest database id, as numbers or as digits', () => {
    expect(id.parse(1)).toBe(1);
    expect(id.parse('42')).toBe(42);
    expect(id.parse(' 7 ')).toBe(7);
    expect(id.parse(MAX_ID)).toBe(MAX_ID);
    expect(id.parse(String(MAX_ID))).toBe(MAX_ID);
  });

  it('refuses what is not a positive whole number', () => {
    for (const value of [0, -1, 1.5, '0', '-1', '1.5', 'abc', '', ' ', '1e3', '0x10', '+1', '1\u0000', NaN, Infinity, true, null, [], {}, '١']) {
      expect(messages(id.safeParse(value)), String(value)).toEqual(expect.arrayContaining(['Tower id must be a positive whole number']));
    }
  });

  it('answers a number beyond the database column as not found, marked for a 404 in paths', () => {
    for (const value of [MAX_ID + 1, '2147483648', '99999999999999999999', 1e20]) {
      const result = id.safeParse(value);
      expect(messages(result), String(value)).toEqual(['Tower not found']);
      expect(result.error?.issues[0]).toMatchObject({ code: 'custom', params: { [ID_NOT_FOUND]: true } });
    }
  });

  it('takes 0 where it has a meaning', () => {
    const provider = entityIdOrZero('Provider is required', 'Provider not found');
    expect(provider.parse(0)).toBe(0);
    expect(provider.parse('0')).toBe(0);
    expect(messages(provider.safeParse(-1))).toEqual(['Provider is required']);
    expect(messages(provider.safeParse(2 ** 31))).toEqual(['Provider not found']);
  });
});

describe('the number-as-text rule', () => {
  it('reads decimal notation: sign, point, exponent, spaces around', () => {
    const cases: Array<[string, number]> = [
      ['30', 30],
      [' 30 ', 30],
      ['-33.9249', -33.9249],
      ['+18.4241', 18.4241],
      ['.5', 0.5],
      ['5.', 5],
      ['007', 7],
      ['1e3', 1000],
      ['2.5E-2', 0.025],
      ['-0', -0],
    ];
    for (const [value, expected] of cases) expect(parseDecimal(value), JSON.stringify(value)).toBe(expected);
  });

  it('refuses hexadecimal, binary, octal, Infinity, blank text and anything else Number() would take', () => {
    for (const value of [
      '0x1e',
      '0X1E',
      '0b1',
      '0o7',
      'Infinity',
      '-Infinity',
      'NaN',
      '',
      '   ',
      '.',
      '+',
      '1e',
      '1_000',
      '1,5',
      '٣',
      '1e999',
      '30m',
      '--1',
      '\u000030',
    ]) {
      expect(parseDecimal(value), JSON.stringify(value)).toBeNaN();
    }
  });

  it('gives a schema field that takes JSON numbers and decimal text, and refuses the rest with its message', () => {
    const height = numberField(z.number({ error: 'Height must be a number' }));
    expect(height.parse(30)).toBe(30);
    expect(height.parse('30')).toBe(30);
    expect(height.parse(' 1.5e1 ')).toBe(15);
    for (const value of ['0x1e', '0b1', '0o7', 'Infinity', '', Infinity, Number.NaN, true, null, [], {}]) {
      expect(messages(height.safeParse(value)), String(value)).toEqual(['Height must be a number']);
    }
  });
});
