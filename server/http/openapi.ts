// The API's declared contract: every route's request and answer schemas (zod, shared with the
// client) become an OpenAPI 3.1 document at /api/docs/json, shown by Swagger UI at /api/docs.
// Answers are encoded through their route's schema, so nothing undeclared leaves the server.
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance, FastifySchema } from 'fastify';
import {
  type createSerializerCompiler,
  jsonSchemaTransform,
  serializerCompiler,
} from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBodySchema } from '../../shared/schemas/errors';
import { scopeOf } from './route-scopes';

export const API_DOCS_PREFIX = '/api/docs';

type SerializerCompiler = ReturnType<typeof createSerializerCompiler>;
type SerializerRoute = Parameters<SerializerCompiler>[0];

/**
 * Encodes answers through their route's schema (undeclared fields are cut). With `strict`, an
 * answer that had fields its schema does not declare is an error instead, naming them: the tests
 * run this way, so a schema cannot silently fall behind what a service sends.
 */
export function responseSerializer(check: 'strip' | 'strict'): SerializerCompiler {
  if (check === 'strip') return serializerCompiler;
  return (route: SerializerRoute) => {
    const encode = serializerCompiler(route);
    return (data: unknown) => {
      const json = encode(data);
      const sent: unknown = JSON.parse(JSON.stringify(data) ?? 'null');
      const undeclared = undeclaredFields(sent, JSON.parse(json));
      if (undeclared.length > 0) {
        throw new Error(
          `${route.method} ${route.url} answered fields its response schema does not declare: ${undeclared.join(', ')}`,
        );
      }
      return json;
    };
  };
}

/** Paths in `sent` that the encoded answer `kept` dropped. */
export function undeclaredFields(sent: unknown, kept: unknown, at = ''): string[] {
  if (Array.isArray(sent) && Array.isArray(kept)) {
    return sent.flatMap((item, index) => undeclaredFields(item, kept[index], `${at}[${index}]`));
  }
  if (isRecord(sent) && isRecord(kept)) {
    return Object.entries(sent).flatMap(([key, value]) => {
      const path = at ? `${at}.${key}` : key;
      return key in kept ? undeclaredFields(value, kept[key], path) : [path];
    });
  }
  return [];
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** An answer that is a file or a page, not JSON: documented by its media types. */
export function fileAnswer(description: string, mediaTypes: readonly string[]) {
  // Sent as bytes or a stream, never serialized: any payload, described as binary.
  const body = z.any().meta({ type: 'string', format: 'binary' });
  return {
    description,
    content: Object.fromEntries(mediaTypes.map((type) => [type, { schema: body }])),
  };
}

/** A redirect: no body, the Location header names the page. */
export const redirectAnswer = z.null().describe('No body: the Location header names the page.');

/**
 * Registers the document and its viewer, and gives every route the shared error answer and a
 * tag. Call before any route is registered.
 */
export async function registerApiDocs(app: FastifyInstance): Promise<void> {
  app.addHook('onRoute', (route) => {
    const schema: FastifySchema = route.schema ?? {};
    if (schema.hide) return;
    const method = Array.isArray(route.method) ? route.method[0] : route.method;
    const scope = scopeOf(method ?? 'GET', route.url);
    route.schema = {
      ...schema,
      tags: schema.tags ?? [tagOf(route.url)],
      // A route an API key may call names its scope; the others take a browser session only.
      ...(scope ? { security: [{ session: [] }, { apiKey: [scope] }] } : {}),
      response: {
        '4XX': errorBodySchema,
        '5XX': errorBodySchema,
        ...(schema.response as Record<string, unknown> | undefined),
      },
    };
  });
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Reelforge API',
        version: '1.0.0',
        description:
          'Turn a title and a description into a short video, keep a library, and automate with the Creator Engine. ' +
          'Members are signed in with the `reelforge.session_token` cookie (POST /api/auth/signin); ' +
          'requests that change something from a browser must come from the site itself. ' +
          'Other software signs in with a personal API key (Profile → API keys) sent as ' +
          '`Authorization: Bearer rf_…`: a route that takes keys lists the one scope it needs under ' +
          '`apiKey` in its security; every other route takes a browser session only, and admin ' +
          'routes never take a key. A key without the scope gets 403 `MISSING_SCOPE` naming it. ' +
          'Errors answer `{message, code}` with the status the product contract names.',
      },
      components: {
        securitySchemes: {
          session: { type: 'apiKey', in: 'cookie', name: 'reelforge.session_token' },
          apiKey: {
            type: 'http',
            scheme: 'bearer',
            description:
              'A personal API key (`rf_…`) with scopes videos:read, videos:write, publish, jobs, account:read.',
          },
        },
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, {
    routePrefix: API_DOCS_PREFIX,
    // The app's own policy, as strict for scripts; Swagger UI sets inline styles as it draws (the
    // app's pages allow them too).
    staticCSP: [
      "default-src 'self'",
      "base-uri 'self'",
      "connect-src 'self'",
      "font-src 'self' data:",
      "frame-ancestors 'none'",
      "img-src 'self' data:",
      "object-src 'none'",
      "script-src 'self'",
      "script-src-attr 'none'",
      "style-src 'self' 'unsafe-inline'",
    ].join('; '),
    uiConfig: { docExpansion: 'list', deepLinking: true, tryItOutEnabled: false },
  });
}

/** The group a route is listed under: its first path segment after /api/ (media and pages apart). */
function tagOf(url: string): string {
  const [first, second] = url.split('/').filter(Boolean);
  if (first !== 'api') return first === 'media' || first === 'demo' ? 'media' : 'pages';
  if (second === 'admin' || second === 'users') return 'admin';
  if (second === 'proxy') return 'media';
  return second ?? 'api';
}
