// Tokens sealed at rest: readable back with the key, different each time, and useless without it.
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createTokenCipher } from './token-cipher';

describe('the token cipher', () => {
  const token = 'ya29.a0AfH6SMC-secret-access-token';

  it('reads back what it sealed, and never seals the same token the same way twice', () => {
    const cipher = createTokenCipher(randomBytes(32), 'unused');
    const first = cipher.encrypt(token);
    const second = cipher.encrypt(token);
    expect(first).not.toContain(token);
    expect(first).not.toBe(second);
    expect(cipher.decrypt(first)).toBe(token);
    expect(cipher.decrypt(second)).toBe(token);
  });

  it('derives its key from the auth secret when none is set', () => {
    const secret = 'an auth secret of at least thirty-two characters';
    const sealed = createTokenCipher(null, secret).encrypt(token);
    expect(createTokenCipher(null, secret).decrypt(sealed)).toBe(token);
    expect(() => createTokenCipher(null, `${secret}!`).decrypt(sealed)).toThrow();
  });

  it('refuses a sealed token that was changed', () => {
    const cipher = createTokenCipher(randomBytes(32), 'unused');
    const sealed = cipher.encrypt(token);
    const bytes = Buffer.from(sealed.slice(3), 'base64');
    bytes[bytes.length - 1] = (bytes[bytes.length - 1] ?? 0) ^ 1;
    expect(() => cipher.decrypt(`v1:${bytes.toString('base64')}`)).toThrow();
  });
});
