// Addresses that lead into the app: the login navigation (with a referral code picked up from the
// landing address) and the support and earn links, which differ for signed-in visitors.
function withQuery(path: string, params: Record<string, string | null | undefined>): string {
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) if (value) query.set(name, value);
  const text = query.toString();
  return text ? `${path}?${text}` : path;
}

/** The referral code from the current address's ref or referral parameter. */
export function referralCodeFrom(search: string): string | null {
  const params = new URLSearchParams(search);
  return params.get('ref') || params.get('referral') || null;
}

export function loginHref(
  params: { ref?: string | null; redirect?: string; tab?: string; section?: string } = {},
): string {
  return withQuery('/api/login', params);
}

export function supportHref(signedIn: boolean): string {
  return signedIn
    ? '/dashboard?tab=profile#support'
    : '/api/login?redirect=profile&section=support';
}

export function earnHref(signedIn: boolean): string {
  return signedIn ? '/dashboard?tab=profile&section=earn' : '/api/login?redirect=profile&tab=earn';
}
