// One MCP server for one request (stateless Streamable HTTP): every tool registered, each call run
// for the API key's member only within the key's scopes and the member's rate limits, its answer
// or refusal made a tool result.
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { FastifyBaseLogger } from 'fastify';
import { type ApiKeyScope, missingScopeMessage } from '../../../shared/schemas/api-keys';
import type { Clock } from '../../clock';
import type { RateLimits } from '../../config-limits';
import { MissingScope } from '../../errors';
import { countMemberCall } from '../../http/rate-limit';
import type { RateLimitRepository } from '../../http/rate-limit-repository';
import type { Caller } from '../../http/session';
import type { McpTool, ToolCallRunner } from './tool';
import { toolAnswer, toolRefusal } from './tool-results';

/** Who a request's key acts for, and what it may do. */
export type KeyHolder = { caller: Caller; scopes: readonly ApiKeyScope[] };

export type RateLimitCounting = {
  counters: RateLimitRepository;
  clock: Clock;
  limits: RateLimits | null;
};

/** Read by the agent at initialize: how the tools fit together. */
const INSTRUCTIONS = [
  'Reelforge turns a title and a description into a short narrated video.',
  'create_video answers at once with the new video\'s id ("req-…"); the video renders in the background',
  '(usually well under a minute): call get_video with that id every few seconds until its status is',
  'completed (videoUrl is then set) or failed (errorMessage says why). Each video costs 1 credit (get_credits).',
  'To show your own picture, upload it first with upload_image and pass the url it answers.',
  'A tool error carries {message, code} as the REST API answers them.',
].join(' ');

export function buildMcpServer(
  tools: readonly McpTool[],
  holder: KeyHolder,
  context: { rateLimits: RateLimitCounting; log: FastifyBaseLogger; requestId: string },
): McpServer {
  const server = new McpServer(
    { name: 'reelforge', title: 'Reelforge', version: '1.0.0' },
    { instructions: INSTRUCTIONS },
  );
  const runCall: ToolCallRunner = async (policy, call) => {
    try {
      if (!holder.scopes.includes(policy.scope)) {
        throw new MissingScope(policy.scope, missingScopeMessage(policy.scope));
      }
      for (const limit of policy.rateLimits) {
        await countMemberCall(context.rateLimits, limit, holder.caller.id);
      }
      return toolAnswer(await call(holder.caller));
    } catch (error) {
      return toolRefusal(error, context);
    }
  };
  for (const tool of tools) tool.register(server, runCall);
  return server;
}
