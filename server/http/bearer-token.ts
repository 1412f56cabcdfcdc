// Reads `Authorization: Bearer …`, the way API keys sign a request in (features/api-keys).
/** The token of `Authorization: Bearer …`, or null when the header is absent or another kind. */
export function bearerToken(authorization: string | undefined): string | null {
  const match = /^Bearer\s+(\S+)\s*$/iu.exec(authorization ?? '');
  return match?.[1] ?? null;
}
