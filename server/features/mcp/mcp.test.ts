// The MCP server against the real server, driven by the SDK's own client as an agent would: it
// connects with an API key, lists the tools, creates a video, reads it until it completes (paid
// with one credit, counted on the key), remixes a scene with an uploaded picture; tool errors
// carry the API's words (a missing scope named), uploads share the REST route's rate limit, and
// the endpoint refuses callers without a key and methods other than POST.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { OpenAPIV3_1 } from 'openapi-types';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CreatedApiKey } from '../../../shared/schemas/api-keys';
import { missingScopeMessage } from '../../../shared/schemas/api-keys';
import {
  type CreatedVideoRequest,
  type CreditsResponse,
  MISSING_INFORMATION_MESSAGE,
  type Video,
} from '../../../shared/schemas/videos';
import { TestClient } from '../../../test/http-client';
import { makeImage } from '../../../test/media';
import { memberOn } from '../../../test/members';
import { setUpTestServer } from '../../../test/server';
import { videoInput } from '../../../test/videos';

const test = setUpTestServer();

const TOOL_NAMES = [
  'create_job',
  'create_video',
  'get_credits',
  'get_video',
  'list_jobs',
  'list_scene_sources',
  'list_videos',
  'list_voices',
  'publish_video',
  'remix_scene',
  'upload_image',
];

type Member = Awaited<ReturnType<typeof memberOn>>;
let member: Member;
let fullKey: CreatedApiKey;
let readKey: CreatedApiKey;
const clients: Client[] = [];

async function makeKey(scopes: string[]): Promise<CreatedApiKey> {
  const made = await member.client.post<CreatedApiKey>('/api/api-keys', {
    name: scopes.join(' '),
    scopes,
  });
  expect(made.status).toBe(201);
  return made.body;
}

async function connect(key: string): Promise<Client> {
  const client = new Client({ name: 'reelforge-test', version: '0.0.0' });
  await client.connect(
    new StreamableHTTPClientTransport(new URL(`${test.server.url}/mcp`), {
      requestInit: { headers: { Authorization: `Bearer ${key}` } },
    }),
  );
  clients.push(client);
  return client;
}

/**
 * A tool's answer, read from its JSON text, and whether it was a tool error. Arguments the tool's
 * schema refuses are answered by the SDK in its own text, kept as it is.
 */
async function call<T = Record<string, unknown>>(
  client: Client,
  name: string,
  args: Record<string, unknown> = {},
): Promise<{ isError: boolean; body: T }> {
  const result = await client.callTool({ name, arguments: args });
  const [first] = result.content as Array<{ type: string; text: string }>;
  expect(first?.type).toBe('text');
  const text = first?.text ?? '';
  const body = (text.startsWith('{') ? JSON.parse(text) : text) as T;
  return { isError: result.isError === true, body };
}

async function answer<T>(client: Client, name: string, args?: Record<string, unknown>) {
  const { isError, body } = await call<T>(client, name, args);
  expect(isError, JSON.stringify(body)).toBe(false);
  return body;
}

/** Reads the video through get_video until it is done, as an agent polls. */
async function waitUntilDone(client: Client, videoId: string): Promise<Video> {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    const video = await answer<Video>(client, 'get_video', { videoId });
    if (video.status === 'completed' || video.status === 'failed') return video;
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
  throw new Error(`${videoId} did not finish in time`);
}

beforeAll(async () => {
  // Pro: scene remixing is open to the plan.
  member = await memberOn(test, 'Pro');
  fullKey = await makeKey(['videos:read', 'videos:write', 'publish', 'jobs', 'account:read']);
  readKey = await makeKey(['videos:read']);
});

afterAll(async () => {
  await Promise.all(clients.map((client) => client.close()));
});

describe('the MCP server', () => {
  it('lets an agent create a video, read it until it completes, and remix a scene', async () => {
    const agent = await connect(fullKey.key);
    const { tools } = await agent.listTools();
    expect(tools.map((tool) => tool.name).sort()).toEqual(TOOL_NAMES);
    const create = tools.find((tool) => tool.name === 'create_video');
    expect(create?.inputSchema.required).toEqual(
      expect.arrayContaining(['title', 'description', 'aspectRatio']),
    );

    const before = await answer<CreditsResponse>(agent, 'get_credits');
    const created = await answer<CreatedVideoRequest>(agent, 'create_video', { ...videoInput });
    expect(created).toMatchObject({ id: `req-${created.requestId}`, status: 'queued' });
    const video = await waitUntilDone(agent, created.id);
    expect(video).toMatchObject({ status: 'completed', requestId: created.requestId });
    expect(video.videoUrl).toMatch(/^\/media\//);
    const after = await answer<CreditsResponse>(agent, 'get_credits');
    expect(after.remainingCredits).toBe((before.remainingCredits ?? 0) - 1);
    // The charge went through the key: its monthly spend counts it.
    const spent = await test.sql.query(
      'select coalesce(sum(credits), 0)::int as n from api_key_spends where api_key_id = $1',
      [fullKey.id],
    );
    expect(spent.rows[0].n).toBe(1);
    const page = await answer<{ items: Video[] }>(agent, 'list_videos', { q: videoInput.title });
    expect(page.items.map((entry) => entry.id)).toEqual([video.id]);

    const upload = await answer<{ url: string }>(agent, 'upload_image', {
      data: Buffer.from(await makeImage('png')).toString('base64'),
    });
    expect(upload.url).toMatch(/^\/media\/users\//);
    const remixed = await answer<CreatedVideoRequest>(agent, 'remix_scene', {
      videoId: video.id,
      scene: 1,
      narration: 'A lighthouse blinks over the water.',
      picture: { source: 'image', id: upload.url },
    });
    // Rendering a remix is the storyboard's business (storyboards and remix tests): here, that the
    // tool queued the video's next version from a storyboard holding the new words and picture.
    const { rows } = await test.sql.query(
      `select r.remix_of, s.board from video_creation_requests r
         join storyboards s on s.request_id = r.id where r.id = $1`,
      [remixed.requestId],
    );
    expect(rows[0].remix_of).toBe(Number(video.id));
    const scene = rows[0].board.scenes[0];
    expect(scene.narration).toBe('A lighthouse blinks over the water.');
    expect(JSON.stringify(scene.shots)).toContain(upload.url);
  }, 60_000);

  it("answers refusals as tool errors in the API's words, a missing scope named", async () => {
    const reader = await connect(readKey.key);
    const refused = await call(reader, 'create_video', { ...videoInput });
    expect(refused).toEqual({
      isError: true,
      body: {
        message: missingScopeMessage('videos:write'),
        code: 'MISSING_SCOPE',
        scope: 'videos:write',
      },
    });
    expect((await call(reader, 'list_voices')).isError).toBe(false);

    const agent = await connect(fullKey.key);
    // Refused by the tool's schema, the route's own: the SDK words the error, with its message.
    const blank = await call(agent, 'create_video', { ...videoInput, title: ' ' });
    expect(blank.isError).toBe(true);
    expect(blank.body).toContain(`${MISSING_INFORMATION_MESSAGE} at title`);
    const stranger = await call(agent, 'get_video', { videoId: 'req-2147483647' });
    expect(stranger).toEqual({
      isError: true,
      body: { message: 'Video not found', code: 'NOT_FOUND' },
    });
    const notBase64 = await call(agent, 'upload_image', { data: 'not an image!' });
    expect(notBase64.body).toMatchObject({ code: 'VALIDATION_ERROR', field: 'data' });
    const job = await call(agent, 'create_job', { jobName: 'Daily' });
    expect(job).toMatchObject({ isError: true, body: { code: 'VALIDATION_ERROR' } });
  });

  it("counts uploads on the REST route's own rate limit", async () => {
    const agent = await connect(fullKey.key);
    const counted = async () => {
      const { rows } = await test.sql.query(
        `select coalesce(sum(count), 0)::int as n from rate_limits
          where key like 'rl:upload:%' and key like $1`,
        [`%${member.id}%`],
      );
      return rows[0].n as number;
    };
    const before = await counted();
    const png = await makeImage('png');
    const rest = await member.client.upload('/api/upload-image', {
      field: 'image',
      name: 'photo.png',
      type: 'image/png',
      bytes: png,
    });
    expect(rest.status).toBe(201);
    await answer(agent, 'upload_image', { data: Buffer.from(png).toString('base64') });
    const { rows } = await test.sql.query(
      `select key from rate_limits where key like 'rl:upload:%' and key like $1`,
      [`%${member.id}%`],
    );
    // One counter for both ways in.
    expect(rows).toHaveLength(1);
    expect(await counted()).toBe(before + 2);
  });

  it('refuses a caller without a live key, and methods other than POST', async () => {
    const initialize = {
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: {
        protocolVersion: '2025-06-18',
        capabilities: {},
        clientInfo: { name: 'curl', version: '0' },
      },
    };
    const post = (headers: Record<string, string>) =>
      fetch(`${test.server.url}/mcp`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          accept: 'application/json, text/event-stream',
          ...headers,
        },
        body: JSON.stringify(initialize),
      });
    const anonymous = await post({});
    expect(anonymous.status).toBe(401);
    expect(anonymous.headers.get('www-authenticate')).toBe('Bearer');
    expect(await anonymous.json()).toMatchObject({ code: 'UNAUTHORIZED' });
    const forged = await post({ authorization: 'Bearer rf_not-a-key' });
    expect(forged.status).toBe(401);
    expect(forged.headers.get('www-authenticate')).toMatch(/^Bearer error="invalid_token"/);
    const keyed = await post({ authorization: `Bearer ${fullKey.key}` });
    expect(keyed.status).toBe(200);
    expect(keyed.headers.get('content-type')).toContain('application/json');
    expect(await keyed.json()).toMatchObject({
      id: 1,
      result: { serverInfo: { name: 'reelforge' } },
    });

    for (const method of ['GET', 'DELETE']) {
      const refused = await fetch(`${test.server.url}/mcp`, {
        method,
        headers: { authorization: `Bearer ${fullKey.key}` },
      });
      expect(refused.status).toBe(405);
      expect(refused.headers.get('allow')).toBe('POST');
    }

    const docs = await new TestClient(test.server.url).get<OpenAPIV3_1.Document>('/api/docs/json');
    expect(docs.body.paths?.['/mcp']?.post?.security).toEqual([{ apiKey: [] }]);
  });
});
