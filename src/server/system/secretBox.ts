import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/** Seals short secrets (provider API credentials) for storage; only this app secret opens them. */
export interface SecretBox {
  /** 'v1:<base64 iv>:<base64 tag>:<base64 ciphertext>', different on every call. */
  seal(plain: string): string;
  /** The plain text of a sealed value; throws if it was altered or sealed under another app secret. */
  open(sealed: string): string;
}

const FORMAT = 'v1';
const CIPHER = 'aes-256-gcm';
/** Binds the derived key to this one use, so the same app secret can key other things safely. */
const HKDF_INFO = 'isp-coverage-map secret-box v1 aes-256-gcm';
const KEY_BYTES = 32;
/** 96-bit IVs are GCM's native size; random per seal. */
const IV_BYTES = 12;
const TAG_BYTES = 16;
const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

export function createSecretBox(appSecret: string): SecretBox {
  if (!appSecret) throw new Error('The secret box needs a non-empty app secret');
  const key = Buffer.from(hkdfSync('sha256', appSecret, Buffer.alloc(0), HKDF_INFO, KEY_BYTES));
  return {
    seal(plain) {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv(CIPHER, key, iv);
      const ciphertext = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return [FORMAT, iv.toString('base64'), cipher.getAuthTag().toString('base64'), ciphertext.toString('base64')].join(':');
    },
    open(sealed) {
      const parts = sealed.split(':');
      const [format, ivText = '', tagText = '', ciphertextText = ''] = parts;
      if (parts.length !== 4 || format !== FORMAT || ![ivText, tagText, ciphertextText].every((p) => BASE64.test(p))) {
        throw new Error(`Not a sealed secret: expected ${FORMAT}:<iv>:<tag>:<ciphertext>`);
      }
      const iv = Buffer.from(ivText, 'base64');
      const tag = Buffer.from(tagText, 'base64');
      if (iv.length !== IV_BYTES || tag.length !== TAG_BYTES) {
        throw new Error(`Not a sealed secret: the IV must be ${IV_BYTES} bytes and the tag ${TAG_BYTES}`);
      }
      const decipher = createDecipheriv(CIPHER, key, iv);
      decipher.setAuthTag(tag);
      try {
        return Buffer.concat([decipher.update(Buffer.from(ciphertextText, 'base64')), decipher.final()]).toString('utf8');
      } catch {
        throw new Error('A stored secret could not be decrypted: it was altered, or sealed with a different APP_SECRET');
      }
    },
  };
}
