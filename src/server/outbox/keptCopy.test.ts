import { describe, expect, it } from 'vitest';
import { keptCopyOf, MAX_SECRETS, REMOVED_SECRET, tokenOfLink } from './keptCopy.js';

const CONFIRM = 'Cq1-_x9ZpQ3rT7uVwXyZ0aBcDeFgHiJkLmNoPqRsTuv';
const UNSUBSCRIBE = 'Uz8_-y7XoP2qS6tUvWxY1bCdEfGhIjKlMnOpQrStUvw';
const confirmUrl = `https://map.example/api/waitlist/confirm?token=${CONFIRM}`;
const unsubscribeUrl = `https://map.example/api/waitlist/unsubscribe?token=${UNSUBSCRIBE}`;

function mail(secrets?: readonly string[]) {
  return {
    kind: 'waitlist_confirm' as const,
    subject: 'Please confirm',
    text: `Confirm:\n${confirmUrl}\n\nStop:\n${unsubscribeUrl}`,
    html: `<a href="${confirmUrl}">Confirm</a> <a href="${unsubscribeUrl}">Unsubscribe</a>`,
    unsubscribeUrl,
    ...(secrets ? { secrets } : {}),
  };
}

describe('keptCopyOf', () => {
  it('replaces every occurrence of every secret in the text, the HTML and the unsubscribe address', () => {
    const removedConfirm = `https://map.example/api/waitlist/confirm?token=${REMOVED_SECRET}`;
    const removedUnsubscribe = `https://map.example/api/waitlist/unsubscribe?token=${REMOVED_SECRET}`;
    expect(keptCopyOf(mail([CONFIRM, UNSUBSCRIBE]))).toEqual({
      text: `Confirm:\n${removedConfirm}\n\nStop:\n${removedUnsubscribe}`,
      html: `<a href="${removedConfirm}">Confirm</a> <a href="${removedUnsubscribe}">Unsubscribe</a>`,
      unsubscribeUrl: removedUnsubscribe,
    });
  });

  it('keeps what is not secret, and a mail without an unsubscribe address has none kept', () => {
    const kept = keptCopyOf({ ...mail([CONFIRM]), unsubscribeUrl: null })!;
    expect(kept.text).toContain(unsubscribeUrl);
    expect(kept.text).not.toContain(CONFIRM);
    expect(kept.unsubscribeUrl).toBeNull();
  });

  it('keeps nothing apart for a mail without secrets: its copy stays as sent', () => {
    expect(keptCopyOf(mail())).toBeNull();
    expect(keptCopyOf(mail([]))).toBeNull();
  });

  it('refuses a secret it could not find reliably (not URL-safe, too short, not in the mail) or would keep (in the subject)', () => {
    expect(() => keptCopyOf(mail(['a b+c/d=efghijklmnop']))).toThrow('not a URL-safe token of 16 to 512 characters');
    expect(() => keptCopyOf(mail(['abc']))).toThrow('not a URL-safe token');
    expect(() => keptCopyOf(mail(['x'.repeat(513)]))).toThrow('not a URL-safe token');
    expect(() => keptCopyOf(mail(['NotInTheMail_0123456789']))).toThrow('A waitlist_confirm mail names a secret it does not carry');
    expect(() => keptCopyOf({ ...mail([CONFIRM]), subject: `Confirm ${CONFIRM}` })).toThrow('A waitlist_confirm mail carries a secret in its subject');
  });

  it(`takes at most ${MAX_SECRETS} secrets a mail`, () => {
    const secrets = Array.from({ length: MAX_SECRETS }, () => CONFIRM);
    expect(keptCopyOf(mail(secrets))!.text).not.toContain(CONFIRM);
    expect(() => keptCopyOf(mail([...secrets, UNSUBSCRIBE]))).toThrow(`names ${MAX_SECRETS + 1} secrets; at most ${MAX_SECRETS}`);
  });
});

describe('tokenOfLink', () => {
  it("reads a one-time link's token, and throws for a link without one", () => {
    expect(tokenOfLink(confirmUrl)).toBe(CONFIRM);
    expect(() => tokenOfLink('https://map.example/admin/invitation')).toThrow('A one-time link without a token');
  });
});
