// POST /mcp: Reelforge as an MCP server (Streamable HTTP, @modelcontextprotocol/sdk 1.x) for
// agents, signed in with a personal API key (docs/automation.md). Stateless: each POST gets its own
// server and transport and a JSON answer, so any API node answers any call and nothing is kept
// between calls. GET and DELETE answer 405: there is no event stream to open, no session to end.
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { Unauthorized } from '../../errors';
import { bearerToken } from '../../http/bearer-token';
import type { SessionGuards } from '../../http/session';
import { buildMcpServer, type KeyHolder, type RateLimitCounting } from './server';
import { mcpTools, type ToolServices } from './tools';
import { IMAGE_BASE64_MAX } from './tools/videos';

export const MCP_PATH = '/mcp';

/** Room for upload_image's largest picture as base64, and the JSON-RPC message around it. */
const MCP_BODY_LIMIT = IMAGE_BASE64_MAX + 64 * 1024;

const KEY_REQUIRED_MESSAGE =
  'The MCP endpoint takes a personal API key: send Authorization: Bearer rf_… (Profile → API keys).';
const POST_ONLY_MESSAGE =
  'The MCP endpoint takes POST only: it keeps no sessions and opens no event stream.';

export type McpDeps = ToolServices & {
  rateLimits: RateLimitCounting;
};

export function mcpRoutes(
  deps: McpDeps,
  guards: Pick<SessionGuards, 'keyHolder'>,
): FastifyPluginAsyncZod {
  const tools = mcpTools(deps);
  const keyHolders = new WeakMap<FastifyRequest, KeyHolder>();

  /**
   * The member behind the request's API key, before its body is read. Any live key may connect:
   * each tool asks for the scope of the route it mirrors when it is called.
   */
  async function requireKey(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    const token = bearerToken(request.headers.authorization);
    if (!token) {
      reply.header('www-authenticate', 'Bearer');
      throw new Unauthorized(KEY_REQUIRED_MESSAGE);
    }
    try {
      // The caller carries the key's id: that makes its monthly credit cap apply to tool charges.
      keyHolders.set(request, await guards.keyHolder(token));
    } catch (error) {
      if (error instanceof Unauthorized) {
        reply.header('www-authenticate', 'Bearer error="invalid_token"');
      }
      throw error;
    }
  }

  return async (app) => {
    app.post(
      MCP_PATH,
      {
        onRequest: requireKey,
        bodyLimit: MCP_BODY_LIMIT,
        schema: {
          tags: ['mcp'],
          summary: 'MCP server (Streamable HTTP) for agents',
          description:
            'The Model Context Protocol over Streamable HTTP, stateless, with JSON answers: one ' +
            'JSON-RPC message per POST (initialize, tools/list, tools/call), with ' +
            '`Accept: application/json, text/event-stream`. Takes a personal API key only; each ' +
            'tool needs the scope of the route it mirrors. Tools and a client configuration: ' +
            'docs/automation.md.',
          security: [{ apiKey: [] }],
          body: z.unknown().describe('A JSON-RPC 2.0 message of the MCP protocol.'),
          response: {
            200: z.unknown().describe('The JSON-RPC answer (application/json).'),
            202: z.null().describe('A notification or a response taken: no body.'),
          },
        },
      },
      async (request, reply) => {
        const holder = keyHolders.get(request);
        if (!holder) throw new Unauthorized(KEY_REQUIRED_MESSAGE);
        const server = buildMcpServer(tools, holder, {
          rateLimits: deps.rateLimits,
          log: request.log,
          requestId: request.id,
        });
        const transport = new StreamableHTTPServerTransport({
          sessionIdGenerator: undefined,
          enableJsonResponse: true,
        });
        reply.raw.on('close', () => {
          void transport.close();
          void server.close();
        });
        await server.connect(transport);
        // The transport writes the answer to the raw response itself.
        reply.hijack();
        try {
          await transport.handleRequest(request.raw, reply.raw, request.body);
        } catch (error) {
          request.log.error({ err: error }, 'MCP request failed');
          if (reply.raw.headersSent) {
            reply.raw.end();
          } else {
            reply.raw.writeHead(500, { 'content-type': 'application/json' }).end(
              JSON.stringify({
                jsonrpc: '2.0',
                error: { code: -32603, message: 'Something went wrong on our side.' },
                id: null,
              }),
            );
          }
        }
      },
    );

    // Left out of the API document: they only say to POST.
    app.route({
      method: ['GET', 'DELETE'],
      url: MCP_PATH,
      schema: { hide: true },
      handler: async (_request, reply) =>
        reply
          .status(405)
          .header('allow', 'POST')
          .send({ message: POST_ONLY_MESSAGE, code: 'METHOD_NOT_ALLOWED' }),
    });
  };
}
