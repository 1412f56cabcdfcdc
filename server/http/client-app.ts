// Serves the built React app: hashed assets with long caching (pre-compressed .br/.gz when the
// build made them), and index.html for every other page address so the client can route it.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { clientDistDir } from '../paths';
import type { App } from './fastify';

/** What a link preview of a shared video shows; null when the video is not public. */
export type WatchPreview = {
  title: string;
  description: string;
  imageUrl: string | null;
  videoUrl: string;
  pageUrl: string;
};

function escapeHtml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

/** Open Graph and Twitter card tags, so a /watch link pasted anywhere shows its video. */
export function previewTags(preview: WatchPreview): string {
  const title = `${preview.title} | Made with Reelforge`;
  const description = preview.description.slice(0, 300);
  const tags: Array<[string, string, string]> = [
    ['property', 'og:type', 'video.other'],
    ['property', 'og:site_name', 'Reelforge'],
    ['property', 'og:title', title],
    ['property', 'og:description', description],
    ['property', 'og:url', preview.pageUrl],
    ['property', 'og:video', preview.videoUrl],
    ['property', 'og:video:type', 'video/mp4'],
    ['name', 'twitter:card', preview.imageUrl ? 'summary_large_image' : 'summary'],
    ['name', 'twitter:title', title],
    ['name', 'twitter:description', description],
    ['name', 'description', description],
  ];
  if (preview.imageUrl) {
    tags.push(
      ['property', 'og:image', preview.imageUrl],
      ['name', 'twitter:image', preview.imageUrl],
    );
  }
  return tags
    .map(([attribute, key, value]) => `<meta ${attribute}="${key}" content="${escapeHtml(value)}">`)
    .join('\n    ');
}

export async function registerClientApp(
  app: App,
  root = clientDistDir,
  options: { watchPreview?: (videoId: string) => Promise<WatchPreview | null> } = {},
): Promise<void> {
  const indexFile = path.join(root, 'index.html');
  const indexHtml = existsSync(indexFile) ? readFileSync(indexFile, 'utf8') : null;

  const sendIndex = (reply: FastifyReply) =>
    reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(indexHtml);

  if (indexHtml) {
    // The static plugin answers 403 for a folder; the root is a page like any other.
    // A page, not part of the API: left out of the API document.
    app.get('/', { schema: { hide: true } }, (_request, reply) => sendIndex(reply));
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

  app.setNotFoundHandler(async (request: FastifyRequest, reply: FastifyReply) => {
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
    const watch = /^\/watch\/([^/?#]+)/.exec(request.url);
    const preview =
      watch?.[1] && options.watchPreview ? await options.watchPreview(watch[1]) : null;
    if (preview) {
      // Function replacers: a string replacement would expand a member's `$'`, `$&` or `` $` ``
      // into pieces of the page itself.
      const title = `<title>${escapeHtml(preview.title)} | Made with Reelforge</title>`;
      const tags = `    ${previewTags(preview)}\n  </head>`;
      const html = indexHtml
        .replace(/<title>[^<]*<\/title>/, () => title)
        // The site-wide description gives way to the video's own, so a page has one.
        .replace(/[ \t]*<meta name="description"[^>]*>\n?/, '')
        .replace('</head>', () => tags);
      return reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(html);
    }
    return sendIndex(reply);
  });
}
