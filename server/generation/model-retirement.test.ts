// Models retire, and the service notices, against a stand-in Gemini API (the Interactions API and
// models.get, answering 404 "is no longer available" for a retired model as Google does): at
// start-up a retired VIDEO_MODEL stops the server with the setting and its replacement; at run
// time the video fails refunded, an alert appears in Admin Tools, and the next video goes to the
// fallback model and completes.
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeProviderClip, startFakeGemini } from '../../test/fake-providers';
import { signUp, TestClient } from '../../test/http-client';
import { adminOn } from '../../test/members';
import { setUpTestServer } from '../../test/server';
import { isSettled, videoInput, waitForVideo } from '../../test/videos';
import { PROVIDER_MESSAGES } from './provider-renders';

const gemini = await startFakeGemini();
const ADMIN_EMAIL = 'operator@reelforge.example';
const providerEnv = {
  VIDEO_PROVIDER: 'gemini',
  GEMINI_API_KEY: gemini.apiKey,
  GEMINI_BASE_URL: gemini.baseUrl,
  VIDEO_MODEL: 'gemini-omni-1.1-flash',
  VIDEO_POLL_SECONDS: '0.1',
};
const test = setUpTestServer({
  env: {
    ...providerEnv,
    VIDEO_MODEL_FALLBACKS: 'gemini-omni-1.2-flash',
    ADMIN_EMAILS: ADMIN_EMAIL,
  },
});

beforeAll(async () => {
  gemini.script = {
    pollsBeforeDone: 1,
    outcome: 'succeed',
    rateLimitedPolls: 0,
    output: await makeProviderClip({ seconds: 8 }),
  };
});
afterAll(() => gemini.close());

describe('a retired model', () => {
  it('stops the server at start-up with the setting to change and its replacement', async () => {
    gemini.retiredModels.add('gemini-omni-1.1-flash');
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'reelforge-retired-'));
    try {
      const child = spawn(process.execPath, ['--import', 'tsx', 'server/app/main.ts'], {
        env: {
          ...process.env,
          ...providerEnv,
          NODE_ENV: 'test',
          PORT: '0',
          DATA_DIR: dataDir,
          DATABASE_URL: test.database.url,
          LOG_LEVEL: 'silent',
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let stderr = '';
      child.stderr.on('data', (chunk: Buffer) => {
        stderr += chunk.toString();
      });
      const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
      expect(code).toBe(1);
      expect(stderr).toContain(
        'VIDEO_MODEL: gemini-omni-1.1-flash is no longer available on gemini; its replacement is gemini-omni-1.2-flash.',
      );
    } finally {
      gemini.retiredModels.delete('gemini-omni-1.1-flash');
      await rm(dataDir, { recursive: true, force: true });
    }
  });

  it('fails the video refunded, alerts the operator, and moves on to the fallback', async () => {
    const member = new TestClient(test.server.url);
    const { user } = await signUp(member);
    // Omni at $0.10 a second is within Pro's budget for one scene.
    await test.sql.query("update users set member_level = 'Pro' where id = $1", [user.id]);
    const credits = async () =>
      (await member.get<{ remainingCredits: number }>('/api/credits')).body.remainingCredits;
    const before = await credits();

    // Google shuts the model down while the server runs.
    gemini.retiredModels.add('gemini-omni-1.1-flash');
    const first = await member.post<{ requestId: number; sceneSource: string }>(
      '/api/video-creation-requests',
      { ...videoInput, voiceId: null },
    );
    expect(first.status).toBe(201);
    expect(first.body.sceneSource).toBe('ai-video');
    const failed = await waitForVideo(member, first.body.requestId, isSettled);
    expect(failed.status).toBe('failed');
    expect(failed.errorMessage).toBe(PROVIDER_MESSAGES.retired);
    expect(await credits()).toBe(before);

    const { client: admin } = await adminOn(test, ADMIN_EMAIL);
    const alerts =
      await admin.get<{ id: number; title: string; message: string }[]>('/api/admin/alerts');
    expect(alerts.status).toBe(200);
    expect(alerts.body).toHaveLength(1);
    expect(alerts.body[0]?.title).toBe('The video model gemini-omni-1.1-flash has been retired');
    expect(alerts.body[0]?.message).toContain('New videos use gemini-omni-1.2-flash');

    const submitted = gemini.submissions.length;
    const second = await member.post<{ requestId: number }>('/api/video-creation-requests', {
      ...videoInput,
      voiceId: null,
    });
    const completed = await waitForVideo(member, second.body.requestId, isSettled);
    expect(completed.errorMessage).toBeNull();
    expect(completed.status).toBe('completed');
    expect(gemini.submissions.slice(submitted).map((request) => request.body)).toEqual([
      expect.objectContaining({ model: 'gemini-omni-1.2-flash', background: true }),
    ]);

    // Dismissed, the alert is gone from Admin Tools.
    const dismissed = await admin.post(`/api/admin/alerts/${alerts.body[0]?.id}/dismiss`, {});
    expect(dismissed.status).toBe(200);
    expect((await admin.get<unknown[]>('/api/admin/alerts')).body).toEqual([]);
  });
});
