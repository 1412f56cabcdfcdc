// The Create screen's own cache key: the ready-made viral prompts.
export const createKeys = {
  /** GET /api/viral-prompts. */
  viralPrompts: () => ['/api/viral-prompts'] as const,
};
