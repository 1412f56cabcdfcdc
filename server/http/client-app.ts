// Serves the built React app: hashed assets with long caching (pre-compressed .br/.gz when the
// build made them), and index.html for every other page address so the client can route it.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { clientDistDir } from '../paths';
import type { App } from './app';

export async function registerClientApp(app: App, root = clientDistDir): Promise<void> {
  const indexFile = path.join(root, 'index.html');
  const indexHtml = existsSync(indexFile) ? readFileSync(indexFile, 'utf8') : null;

  const sendIndex = (reply: FastifyReply) =>
    reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(indexHtml);

  if (indexHtml) {
    // The static plugin answers 403 for a folder; the root is a page like any other.
    app.get('/', (_request, reply) => sendIndex(reply));
    await app.register(fastifyStatic, {
      root,
      index: false,
      preCompressed: true,
      setHeaders(response, filePath) {
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        response.setHeader(
          'cache-control',
          immutable ? 'public, max-age=31536000, immutable' : 'public, max-age=3600',
        );
      },
    });
  }

  app.setNotFoundHandler((request: FastifyRequest, reply: FastifyReply) => {
    const isPage = request.method === 'GET' || request.method === 'HEAD';
    if (request.url.startsWith('/api/') || request.url === '/api' || !isPage) {
      return reply.status(404).send({ message: 'Not found', code: 'NOT_FOUND' });
    }
    if (!indexHtml) {
      return reply
        .status(404)
        .type('text/plain')
        .send('The web client is not built yet: run `npm run build` (npm start does it for you).');
    }
    return sendIndex(reply);
  });
}
