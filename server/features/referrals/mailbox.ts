// The mailbox an email address delivers to, so that one person's variants of an address compare
// equal: a referral from `ada@gmail.com` to `A.da+2@googlemail.com` is a referral to herself.
// Only rules that hold for every address (letter case, a `+tag`) or that the provider documents
// (Gmail ignores dots, googlemail.com is gmail.com) are applied: two different people must never
// share a mailbox here, or a real referral would go unpaid.

const GMAIL_DOMAINS = new Set(['gmail.com', 'googlemail.com']);

/** `Ada.Lovelace+promo@GoogleMail.com` → `adalovelace@gmail.com`; anything else only lower-cased. */
export function mailboxOf(email: string): string {
  const address = email.trim().toLowerCase();
  const at = address.lastIndexOf('@');
  if (at <= 0) return address;
  let local = address.slice(0, at);
  let domain = address.slice(at + 1);
  // A subaddress (`name+tag`) reaches `name`; an address that is all tag has no `name` to reach.
  const plus = local.indexOf('+');
  if (plus > 0) local = local.slice(0, plus);
  if (GMAIL_DOMAINS.has(domain)) {
    domain = 'gmail.com';
    local = local.replaceAll('.', '') || local;
  }
  return `${local}@${domain}`;
}
