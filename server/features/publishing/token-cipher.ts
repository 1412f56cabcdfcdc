// Platform tokens at rest: AES-256-GCM with a fresh 12-byte nonce per token, authenticated, so a
// copied database alone gives no one a member's YouTube, TikTok or Instagram. The key is
// TOKEN_ENCRYPTION_KEY, or one derived from the auth secret (HKDF) so `npm start` needs no setting.
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

const VERSION = 'v1';
const NONCE_BYTES = 12;
const TAG_BYTES = 16;

export type TokenCipher = {
  encrypt(plain: string): string;
  /** Throws when the text was not sealed with this key (changed key, tampering). */
  decrypt(sealed: string): string;
};

export function createTokenCipher(key: Buffer | null, authSecret: string): TokenCipher {
  const secret =
    key ??
    Buffer.from(
      hkdfSync('sha256', authSecret, 'reelforge-platform-tokens', 'aes-256-gcm token key', 32),
    );
  if (secret.length !== 32) throw new Error('The token key must be 32 bytes');
  return {
    encrypt(plain) {
      const nonce = randomBytes(NONCE_BYTES);
      const cipher = createCipheriv('aes-256-gcm', secret, nonce);
      const sealed = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return `${VERSION}:${Buffer.concat([nonce, cipher.getAuthTag(), sealed]).toString('base64')}`;
    },
    decrypt(text) {
      const [version, body = ''] = text.split(':');
      if (version !== VERSION) throw new Error('Unknown token format');
      const bytes = Buffer.from(body, 'base64');
      const nonce = bytes.subarray(0, NONCE_BYTES);
      const tag = bytes.subarray(NONCE_BYTES, NONCE_BYTES + TAG_BYTES);
      const decipher = createDecipheriv('aes-256-gcm', secret, nonce);
      decipher.setAuthTag(tag);
      return Buffer.concat([
        decipher.update(bytes.subarray(NONCE_BYTES + TAG_BYTES)),
        decipher.final(),
      ]).toString('utf8');
    },
  };
}
