import { describe, expect, it } from 'vitest';
import { createSecretBox } from './secretBox.js';

const APP_SECRET = 'a-test-app-secret-of-at-least-32-characters';

describe('secret box', () => {
  it('opens what it sealed, including empty and non-ASCII text', () => {
    const box = createSecretBox(APP_SECRET);
    for (const plain of ['{"token":"abc123"}', '', 'pässwörd ✓ 密码']) {
      expect(box.open(box.seal(plain))).toBe(plain);
    }
  });

  it('seals as v1:<iv>:<tag>:<ciphertext> with a 12-byte IV and 16-byte tag, without the plain text', () => {
    const sealed = createSecretBox(APP_SECRET).seal('super-secret-token');
    const [format, iv, tag, ciphertext, ...rest] = sealed.split(':');

    expect(format).toBe('v1');
    expect(Buffer.from(iv ?? '', 'base64')).toHaveLength(12);
    expect(Buffer.from(tag ?? '', 'base64')).toHaveLength(16);
    expect(Buffer.from(ciphertext ?? '', 'base64')).toHaveLength('super-secret-token'.length);
    expect(rest).toEqual([]);
    expect(sealed).not.toContain('super-secret');
  });

  it('seals the same text differently every time (random IV)', () => {
    const box = createSecretBox(APP_SECRET);
    expect(box.seal('same')).not.toBe(box.seal('same'));
  });

  it('opens with a box made from the same app secret, as after a restart', () => {
    const sealed = createSecretBox(APP_SECRET).seal('kept across restarts');
    expect(createSecretBox(APP_SECRET).open(sealed)).toBe('kept across restarts');
  });

  it('refuses to open with another app secret', () => {
    const sealed = createSecretBox(APP_SECRET).seal('secret');
    expect(() => createSecretBox(`${APP_SECRET}-rotated`).open(sealed)).toThrow(
      'A stored secret could not be decrypted: it was altered, or sealed with a different APP_SECRET',
    );
  });

  it('refuses a ciphertext, IV or tag that was altered', () => {
    const box = createSecretBox(APP_SECRET);
    const [format, iv, tag, ciphertext] = box.seal('a secret of some length').split(':') as [string, string, string, string];
    const flipFirstByte = (text: string) => {
      const bytes = Buffer.from(text, 'base64');
      bytes[0] = (bytes[0] ?? 0) ^ 0x01;
      return bytes.toString('base64');
    };

    for (const altered of [
      [format, iv, tag, flipFirstByte(ciphertext)],
      [format, flipFirstByte(iv), tag, ciphertext],
      [format, iv, flipFirstByte(tag), ciphertext],
    ]) {
      expect(() => box.open(altered.join(':'))).toThrow(/could not be decrypted: it was altered/);
    }
  });

  it('refuses text that is not a sealed secret', () => {
    const box = createSecretBox(APP_SECRET);
    expect(() => box.open('{"token":"plain"}')).toThrow('Not a sealed secret: expected v1:<iv>:<tag>:<ciphertext>');
    expect(() => box.open('v2:AAAA:AAAA:AAAA')).toThrow(/Not a sealed secret/);
    expect(() => box.open('v1:not base64!:x:y')).toThrow(/Not a sealed secret/);
    expect(() => box.open('v1:AAAA:AAAA:AAAA')).toThrow('Not a sealed secret: the IV must be 12 bytes and the tag 16');
  });

  it('needs an app secret', () => {
    expect(() => createSecretBox('')).toThrow('The secret box needs a non-empty app secret');
  });
});
