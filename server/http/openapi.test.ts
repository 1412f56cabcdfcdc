// The API document on the running server: a valid OpenAPI document that lists every route the app
// registers (taken from the app's own route table, so a new route cannot be left out), each with
// its answers declared; the viewer at /api/docs loads under its own content security policy.
import SwaggerParser from '@apidevtools/swagger-parser';
import Fastify from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { OpenAPIV3_1 } from 'openapi-types';
import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { TestClient } from '../../test/http-client';
import { setUpTestServer } from '../../test/server';
import { errorHandler } from './error-handler';
import { responseSerializer, undeclaredFields } from './openapi';
import { ROUTE_SCOPES } from './route-scopes';

const test = setUpTestServer({ env: { ROLES: 'api' } });
let document: OpenAPIV3_1.Document;

/** Fastify's `/api/videos/:id` and `/media/*` as OpenAPI writes them. */
function openApiPath(url: string): string {
  return url.replace(/:(\w+)/g, '{$1}').replace(/\*$/, '{*}');
}

/** Routes that are not the API: the web client's pages and files, and the document's viewer. */
const isNotApi = (url: string) =>
  !/^\/(api|media|demo)\//.test(url) || url === '/api/docs' || url.startsWith('/api/docs/');

beforeAll(async () => {
  const response = await new TestClient(test.server.url).get('/api/docs/json');
  expect(response.status).toBe(200);
  document = response.body as OpenAPIV3_1.Document;
});

describe('the API document', () => {
  it('is a valid OpenAPI 3.1 document', async () => {
    expect(document.openapi).toBe('3.1.0');
    // The validator dereferences in place: give it a copy.
    await expect(SwaggerParser.validate(structuredClone(document))).resolves.toBeTruthy();
  });

  it('lists every route the app registers', () => {
    const routes = test.server.runtime.routes.filter((route) => !isNotApi(route.url));
    expect(routes.length).toBeGreaterThan(40);
    const missing = routes.filter((route) => {
      const operations = document.paths?.[openApiPath(route.url)] as
        | Record<string, unknown>
        | undefined;
      return !operations?.[route.method.toLowerCase()];
    });
    expect(missing).toEqual([]);
  });

  it('names the one scope an API key needs on each route that takes keys', () => {
    const scoped = Object.keys(ROUTE_SCOPES).map((route) => {
      const [method = '', url = ''] = route.split(' ');
      const operation = document.paths?.[openApiPath(url)]?.[
        method.toLowerCase() as 'get'
      ] as OpenAPIV3_1.OperationObject;
      return [route, operation.security];
    });
    expect(scoped).toEqual(
      Object.entries(ROUTE_SCOPES).map(([route, scope]) => [
        route,
        [{ session: [] }, { apiKey: [scope] }],
      ]),
    );
    expect(document.components?.securitySchemes?.apiKey).toMatchObject({
      type: 'http',
      scheme: 'bearer',
    });
    const accountChange = document.paths?.['/api/account/password']?.post;
    expect(accountChange?.security).toBeUndefined();
  });

  it('declares what each route answers, success and error alike', () => {
    const undeclared: string[] = [];
    for (const [path, operations] of Object.entries(document.paths ?? {})) {
      for (const [method, operation] of Object.entries(operations ?? {})) {
        const responses = (operation as OpenAPIV3_1.OperationObject).responses ?? {};
        const codes = Object.keys(responses);
        const answers = codes.some((code) => /^[23]/.test(code));
        if (!answers || !codes.includes('4XX')) undeclared.push(`${method} ${path}: ${codes}`);
      }
    }
    expect(undeclared).toEqual([]);
  });

  it('describes an answer as the client receives it', () => {
    const created = document.paths?.['/api/video-creation-requests']?.post?.responses?.['201'] as
      | OpenAPIV3_1.ResponseObject
      | undefined;
    const schema = created?.content?.['application/json']?.schema as OpenAPIV3_1.SchemaObject;
    expect(schema.required).toEqual(
      expect.arrayContaining(['id', 'requestId', 'status', 'title', 'remainingCredits']),
    );
    expect(schema.properties?.status).toMatchObject({
      enum: ['queued', 'processing', 'completed', 'failed'],
    });
  });
});

describe('the viewer', () => {
  it('loads at /api/docs under its own content security policy', async () => {
    const client = new TestClient(test.server.url);
    let response = await client.get('/api/docs');
    // The viewer may redirect to its index page; follow it as a browser would.
    for (let hop = 0; hop < 3 && response.status >= 300 && response.status < 400; hop++) {
      const location = response.headers.get('location') ?? '';
      response = await client.get(new URL(location, `${test.server.url}/api/docs`).pathname);
    }
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/html');
    expect(String(response.body)).toContain('swagger');
    expect(response.headers.get('content-security-policy')).toContain("script-src 'self'");
  });
});

/** A one-route app answering a member with a field its schema leaves out. */
async function leakyApp(check: 'strip' | 'strict') {
  const app = Fastify({ logger: false }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(responseSerializer(check));
  app.setErrorHandler(errorHandler);
  app.get(
    '/member',
    { schema: { response: { 200: z.object({ id: z.string(), email: z.string() }) } } },
    // A service that returns its whole row by accident.
    async () => ({ id: 'u1', email: 'a@example.com', passwordHash: 'secret' }) as never,
  );
  await app.ready();
  return app;
}

describe('answers cut to their schema', () => {
  it('never send an undeclared field', async () => {
    const app = await leakyApp('strip');
    const response = await app.inject({ method: 'GET', url: '/member' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ id: 'u1', email: 'a@example.com' });
    await app.close();
  });

  it('fail, naming the field, when the check is strict (tests)', async () => {
    const app = await leakyApp('strict');
    const response = await app.inject({ method: 'GET', url: '/member' });
    expect(response.statusCode).toBe(500);
    expect(response.body).not.toContain('secret');
    await app.close();
    expect(test.server.config.responseCheck).toBe('strict');
  });

  it('names every field the schema dropped, however deep', () => {
    const sent = { id: 1, secret: 'x', items: [{ ok: true, hash: 'y' }], nested: { a: 1, b: 2 } };
    const kept = { id: 1, items: [{ ok: true }], nested: { a: 1 } };
    expect(undeclaredFields(sent, kept)).toEqual(['secret', 'items[0].hash', 'nested.b']);
    expect(undeclaredFields(kept, kept)).toEqual([]);
  });
});
