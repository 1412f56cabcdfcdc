// The media proxies on the real server: they serve our own stored files, named for download without
// invisible characters, and refuse every address that is not exactly one of ours.
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { signUp, TestClient } from '../../../test/http-client';
import { setUpTestServer } from '../../../test/server';
import { NOT_OUR_MEDIA_MESSAGE } from './routes';

const test = setUpTestServer({ env: { ROLES: 'api' } });
let owner: TestClient;
let videoUrl = '';

beforeAll(async () => {
  owner = new TestClient(test.server.url);
  const ownerId = (await signUp(owner)).user.id as string;
  const key = `users/${ownerId}/videos/1-1-abcd1234/video.mp4`;
  const file = path.join(test.server.config.dataDir, 'media', key);
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, Buffer.alloc(2048, 1));
  videoUrl = `/media/${key}`;
});

function download(filename: string) {
  return owner.get(
    `/api/proxy/download?url=${encodeURIComponent(videoUrl)}&filename=${encodeURIComponent(filename)}`,
  );
}

/** The UTF-8 name a browser saves under (`filename*`), decoded. */
function savedName(contentDisposition: string | null): string {
  const encoded = /filename\*=UTF-8''(.+)$/.exec(contentDisposition ?? '')?.[1] ?? '';
  return decodeURIComponent(encoded);
}

describe('download names', () => {
  it('cannot be turned around by a bidi override', async () => {
    // '%E2%80%AE' in the address: 'invoice‮gnp.exe' would show as 'invoiceexe.png'.
    const response = await owner.get(
      `/api/proxy/download?url=${encodeURIComponent(videoUrl)}&filename=invoice%E2%80%AEgnp.exe`,
    );
    expect(response.status).toBe(200);
    expect(response.headers.get('content-disposition')).toBe(
      `attachment; filename="invoicegnp.exe.mp4"; filename*=UTF-8''invoicegnp.exe.mp4`,
    );
  });

  it.each([
    ['bidi embeddings and overrides', '\u202A\u202B\u202C\u202D\u202E'],
    ['bidi isolates', '\u2066\u2067\u2068\u2069'],
    ['direction marks', '\u200E\u200F\u061C'],
    ['zero-width characters and the BOM', '\u200B\u200C\u200D\u2060\uFEFF'],
    ['fillers and selectors that draw as nothing', '\u3164\u115F\uFFA0\u180E\uFE0F\u034F'],
    ['tag characters', '\u{E0041}\u{E007F}'],
  ])('keep no %s', async (_kind, invisible) => {
    const response = await download(`Sun${invisible}set at the bay`);
    expect(response.status).toBe(200);
    expect(savedName(response.headers.get('content-disposition'))).toBe('Sunset at the bay.mp4');
  });

  it('keep the title’s visible characters', async () => {
    const response = await download('Café ☕ ad — مرحبا');
    expect(savedName(response.headers.get('content-disposition'))).toBe('Café ☕ ad — مرحبا.mp4');
  });
});

describe('the proxies', () => {
  it('serve our own relative /media/ address', async () => {
    for (const route of ['/api/proxy/media', '/api/proxy/download']) {
      expect((await owner.get(`${route}?url=${encodeURIComponent(videoUrl)}`)).status).toBe(200);
    }
  });

  it.each([
    ['another host, protocol-relative', () => `//evil.example${videoUrl}`],
    ['another host, backslashes', () => `\\\\evil.example${videoUrl}`],
    ['a backslash after the slash', () => `/\\evil.example${videoUrl}`],
    ['a full URL elsewhere', () => `https://evil.example${videoUrl}`],
    ['a full URL of our own', () => `${test.server.url}${videoUrl}`],
    ['a host smuggled in encoded slashes', () => '/media/%2F%2Fevil.example/video.mp4'],
    ['a host smuggled in encoded backslashes', () => '/media/%5C%5Cevil.example/video.mp4'],
    ['our own path, percent-encoded', () => videoUrl.replaceAll('/', '%2F')],
    [
      'our own path with encoded separators',
      () => `/media/${videoUrl.slice(7).replaceAll('/', '%2F')}`,
    ],
    ['an encoded dot-dot', () => '/media/users/%2e%2e/%2e%2e/auth-secret'],
    ['a broken escape', () => '/media/%E0%A4%A'],
    ['a lone percent sign', () => '/media/%'],
    ['a query', () => `${videoUrl}?download=1`],
    ['a fragment', () => `${videoUrl}#t=1`],
    ['another letter case', () => videoUrl.replace('/media/', '/MEDIA/')],
    ['a leading space', () => ` ${videoUrl}`],
  ])('refuse %s with a clear 400', async (_kind, address) => {
    for (const route of ['/api/proxy/media', '/api/proxy/download']) {
      const response = await owner.get(`${route}?url=${encodeURIComponent(address())}`);
      expect(response.status).toBe(400);
      expect(response.body).toMatchObject({ message: NOT_OUR_MEDIA_MESSAGE });
    }
  });
});
