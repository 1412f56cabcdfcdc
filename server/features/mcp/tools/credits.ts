// get_credits: the member's credit balance (GET /api/credits).
import type { CreditsService } from '../../credits';
import { defineTool, type McpTool, scopeOfRoutes } from '../tool';

export function creditTools({ credits }: { credits: CreditsService }): McpTool[] {
  return [
    defineTool({
      name: 'get_credits',
      title: 'Get credits',
      description:
        'Your credit balance: each video costs 1 credit (remainingCredits is null and unlimited ' +
        'true on Elite).',
      scope: scopeOfRoutes('GET /api/credits'),
      rateLimits: [],
      input: {},
      annotations: { readOnlyHint: true },
      run: (_args, caller) => credits.balance(caller),
    }),
  ];
}
