// The credits' cache keys: the balance and the ledger. The Profile's recent earnings sit under the
// ledger's key, so every refresh of the ledger refreshes them too.
export const creditKeys = {
  /** GET /api/credits. */
  balance: () => ['/api/credits'] as const,
  /** GET /api/credits/ledger, and every filtered view of it. */
  ledger: () => ['/api/credits/ledger'] as const,
  /** GET /api/credits/ledger?type=earn&limit=5. */
  recentEarnings: () => [...creditKeys.ledger(), 'earn'] as const,
};
