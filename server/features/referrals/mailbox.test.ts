// mailboxOf over the variants a person can make of one address (letter case, `+tags`, Gmail's
// dots and its googlemail.com twin), which must compare equal, and over different people's
// addresses elsewhere, which must not.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { mailboxOf } from './mailbox';

const localChar = fc.constantFrom(...'abcdefghijklmnopqrstuvwxyz0123456789._-'.split(''));
/** A lower-case local part without a tag, as most people's addresses are. */
const localPart = fc
  .array(localChar, { minLength: 1, maxLength: 20 })
  .map((chars) => chars.join(''))
  .filter((local) => local.replaceAll('.', '') !== '');
const tag = fc.string({ maxLength: 12 }).filter((text) => !text.includes('@'));
const otherDomain = fc.constantFrom(
  'example.com',
  'outlook.com',
  'proton.me',
  'fastmail.com',
  'gmail.co.uk',
);
const gmailDomain = fc.constantFrom('gmail.com', 'googlemail.com', 'GMail.com', 'GOOGLEMAIL.COM');

/** The local part with a dot put after each character `where` marks. */
function withDots(local: string, where: boolean[]): string {
  return [...local].map((char, index) => (where[index] ? `${char}.` : char)).join('');
}

describe('mailboxOf', () => {
  it('reads the usual variants of one address as one mailbox', () => {
    expect(mailboxOf('Ada.Lovelace+promo@GoogleMail.com')).toBe('adalovelace@gmail.com');
    expect(mailboxOf(' A.d.a@gmail.com ')).toBe('ada@gmail.com');
    expect(mailboxOf('Ada+one+two@Example.com')).toBe('ada@example.com');
    // Dots matter outside Gmail: these are two people.
    expect(mailboxOf('a.da@example.com')).toBe('a.da@example.com');
    expect(mailboxOf('a.da@example.com')).not.toBe(mailboxOf('ada@example.com'));
    // An address that is all tag keeps it: there is no name for it to reach.
    expect(mailboxOf('+ada@example.com')).toBe('+ada@example.com');
    expect(mailboxOf('not an address')).toBe('not an address');
  });

  it('is idempotent on any text', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 40 }), (text) => {
        expect(mailboxOf(mailboxOf(text))).toBe(mailboxOf(text));
      }),
    );
  });

  it('ignores letter case and any +tag, at any domain', () => {
    fc.assert(
      fc.property(localPart, tag, fc.oneof(otherDomain, gmailDomain), (local, suffix, domain) => {
        const plain = mailboxOf(`${local}@${domain}`);
        expect(mailboxOf(`${local}+${suffix}@${domain}`)).toBe(plain);
        expect(mailboxOf(`${local.toUpperCase()}@${domain.toUpperCase()}`)).toBe(plain);
      }),
    );
  });

  it("ignores Gmail's dots and googlemail.com, tagged or not", () => {
    fc.assert(
      fc.property(
        localPart,
        fc.array(fc.boolean(), { maxLength: 20 }),
        gmailDomain,
        tag,
        (local, dots, domain, suffix) => {
          const bare = mailboxOf(`${local.replaceAll('.', '')}@gmail.com`);
          expect(mailboxOf(`${withDots(local, dots)}@${domain}`)).toBe(bare);
          expect(mailboxOf(`${withDots(local, dots)}+${suffix}@${domain}`)).toBe(bare);
        },
      ),
    );
  });

  it("keeps different people's addresses apart outside Gmail", () => {
    fc.assert(
      fc.property(localPart, localPart, otherDomain, (first, second, domain) => {
        fc.pre(first !== second);
        expect(mailboxOf(`${first}@${domain}`)).not.toBe(mailboxOf(`${second}@${domain}`));
      }),
    );
  });
});
