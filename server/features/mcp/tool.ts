// What an MCP tool is made of: its name and words for the agent, the API-key scope and rate limits
// of the route it mirrors, its zod arguments (the route's own shared schemas), and the service call
// it makes for the key's member. defineTool closes over the argument types, so tools of every shape
// sit in one list.
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { ZodRawShapeCompat } from '@modelcontextprotocol/sdk/server/zod-compat.js';
import type { CallToolResult, ToolAnnotations } from '@modelcontextprotocol/sdk/types.js';
import type { z } from 'zod';
import type { ApiKeyScope } from '../../../shared/schemas/api-keys';
import type { RateLimitName } from '../../config-limits';
import { scopeOf } from '../../http/route-scopes';
import type { Caller } from '../../http/session';

/** What a call must pass before it runs: the key's scope, and the member's rate limits. */
export type ToolPolicy = {
  name: string;
  scope: ApiKeyScope;
  /** The named limits the mirrored routes count, counted on the same per-member counters. */
  rateLimits: readonly RateLimitName[];
};

export type ToolDefinition<Shape extends z.ZodRawShape> = ToolPolicy & {
  title: string;
  /** What the agent reads to choose the tool and fill in its arguments. */
  description: string;
  input: Shape;
  annotations?: ToolAnnotations;
  /** The service call, for the key's member (an API key's caller: its charges count on the key). */
  run(args: z.output<z.ZodObject<Shape>>, caller: Caller): Promise<unknown>;
};

/** Runs one call of a tool under its policy, and answers it (or its refusal) as a tool result. */
export type ToolCallRunner = (
  policy: ToolPolicy,
  call: (caller: Caller) => Promise<unknown>,
) => Promise<CallToolResult>;

/** A tool ready to be registered on a request's server. */
export type McpTool = ToolPolicy & {
  register(server: McpServer, runCall: ToolCallRunner): void;
};

export function defineTool<Shape extends z.ZodRawShape>(
  definition: ToolDefinition<Shape>,
): McpTool {
  const { name, scope, rateLimits } = definition;
  const policy: ToolPolicy = { name, scope, rateLimits };
  return {
    ...policy,
    register(server, runCall) {
      // Named as the SDK's own shape type, so that it types the callback's arguments plainly.
      const inputSchema: ZodRawShapeCompat = definition.input;
      server.registerTool(
        name,
        {
          title: definition.title,
          description: definition.description,
          inputSchema,
          annotations: { title: definition.title, ...definition.annotations },
        },
        // The SDK has parsed the arguments with `input` already; its type for them is its own.
        (args) =>
          runCall(policy, (caller) => definition.run(args as z.output<z.ZodObject<Shape>>, caller)),
      );
    },
  };
}

/**
 * The scope the routes a tool mirrors take from a key ("POST /api/video-creation-requests"), read
 * from the routes' own table so a tool can never need less than its route. Throws at start-up for
 * a route no key may call, or routes of different scopes.
 */
export function scopeOfRoutes(...routes: [string, ...string[]]): ApiKeyScope {
  const scopes = new Set(
    routes.map((route) => {
      const [method = '', url = ''] = route.split(' ');
      const scope = scopeOf(method, url);
      if (!scope) throw new Error(`${route} takes no API key, so no MCP tool may do what it does`);
      return scope;
    }),
  );
  const [scope, ...others] = [...scopes];
  if (!scope || others.length > 0) throw new Error(`${routes.join(', ')} need different scopes`);
  return scope;
}
