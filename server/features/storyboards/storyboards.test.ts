// Storyboards as a member uses them over HTTP, on a real server with its worker: planning charges
// nothing and stays out of the library; edits are measured and re-cut, stale ones refused; a render
// charges once however many race, as Create would, and the video says the member's words over
// the picture they chose (or their own clip, from the moment they name); what Create refuses is
// refused; untouched drafts are purged.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import type { StoryboardSummary, StoryboardView } from '../../../shared/schemas/storyboards';
import type { CreatedVideoRequest, Storyboard, Video } from '../../../shared/schemas/videos';
import { regionMean, videoFrameFile } from '../../../test/media';
import { memberOn } from '../../../test/members';
import { setUpTestServer } from '../../../test/server';
import { firstShotVisuals } from '../../../test/storyboards';
import { download, isSettled, waitForVideo } from '../../../test/videos';
import { runFfmpeg } from '../../media/ffmpeg';

const test = setUpTestServer();

const HARBOUR = {
  title: 'Harbour at dawn',
  description:
    'Fishing boats slip out of a quiet harbour at dawn. Gulls circle the masts above the water. ' +
    'The town wakes up behind them as the bakery opens its doors.',
  aspectRatio: 'landscape',
  scenes: 2,
  watermark: false,
} as const;

const NEW_WORDS = 'Lanterns glow over the sleeping boats.';

type Member = Awaited<ReturnType<typeof memberOn>>;

async function balance(member: Member): Promise<number | null> {
  const response = await member.client.get<{ remainingCredits: number | null }>('/api/credits');
  return response.body.remainingCredits;
}

async function draft(member: Member, input: Record<string, unknown> = HARBOUR) {
  const response = await member.client.post<StoryboardView>('/api/storyboards', input);
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body;
}

/** The PATCH body that keeps every scene as read, with `change` applied to scene `number`. */
function scenesOf(
  board: StoryboardView,
  change: { number: number; narration?: string; visuals?: Record<number, unknown> } | null = null,
) {
  return board.scenes.map((scene) => ({
    number: scene.number,
    narration:
      change && scene.number === change.number
        ? (change.narration ?? scene.narration)
        : scene.narration,
    shots: scene.shots.map((shot, position) =>
      change?.number === scene.number && change.visuals && position in change.visuals
        ? { id: shot.id, visual: change.visuals[position] }
        : { id: shot.id },
    ),
  }));
}

describe('storyboards', () => {
  it('plans a draft that charges nothing, offers pictures, and stays out of the library', async () => {
    const member = await memberOn(test, 'Pro');
    const before = await balance(member);
    const board = await draft(member);

    expect(board.status).toBe('draft');
    expect(board.scenes.map((scene) => scene.number)).toEqual([1, 2]);
    for (const scene of board.scenes) {
      expect(scene.narration.length).toBeGreaterThan(0);
      expect(scene.fits).toBe(true);
      expect(scene.fitSeconds).toBeLessThanOrEqual(8);
      expect(scene.shots.map((shot) => shot.text).join(' ')).toBe(scene.narration);
    }
    const picture = board.scenes
      .flatMap((scene) => scene.shots.flatMap((shot) => shot.candidates))
      .find((candidate) => candidate.source === 'picture');
    expect(picture?.thumbnailUrl).toMatch(/^\/api\/scene-pictures\/[a-z0-9-]+\.svg$/);
    const thumbnail = await member.client.get<string>(picture?.thumbnailUrl as string);
    expect(thumbnail.status).toBe(200);
    expect(thumbnail.headers.get('content-type')).toBe('image/svg+xml');
    expect(thumbnail.body).toContain('<svg');

    // "Hear this scene": the scene said in the storyboard's voice.
    const speech = await download(member.client, `/api/storyboards/${board.id}/scenes/2/speech`);
    expect(speech.status).toBe(200);
    expect(speech.headers.get('content-type')).toBe('audio/wav');
    expect((await speech.arrayBuffer()).byteLength).toBeGreaterThan(10_000);

    expect(await balance(member)).toBe(before);
    expect((await member.client.get<Video[]>('/api/videos')).body).toEqual([]);
    expect((await member.client.get('/api/videos/summary')).body).toMatchObject({ total: 0 });
    const list = await member.client.get<StoryboardSummary[]>('/api/storyboards');
    expect(list.body.map((entry) => entry.id)).toEqual([board.id]);
    expect((await member.client.get(`/api/storyboards/${board.id}`)).body).toEqual(board);

    // Another member sees none of it.
    const other = await memberOn(test, 'Pro');
    expect((await other.client.get(`/api/storyboards/${board.id}`)).status).toBe(404);
    expect((await other.client.get<unknown[]>('/api/storyboards')).body).toEqual([]);
  });

  it('re-cuts an edited scene, refuses a stale edit, renders once, and says the new words', async () => {
    const member = await memberOn(test, 'Pro');
    const before = (await balance(member)) as number;
    const board = await draft(member);

    const edited = await member.client.patch<StoryboardView>(`/api/storyboards/${board.id}`, {
      updatedAt: board.updatedAt,
      scenes: scenesOf(board, { number: 2, narration: NEW_WORDS }),
    });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    const scene2 = edited.body.scenes[1];
    expect(scene2?.narration).toBe(NEW_WORDS);
    expect(scene2?.shots.map((shot) => shot.text).join(' ')).toBe(NEW_WORDS);
    expect(edited.body.scenes[0]).toEqual(board.scenes[0]);
    expect(edited.body.updatedAt).not.toBe(board.updatedAt);

    // The member picks a picture offered for the new words' first shot.
    const offered = scene2?.shots[0]?.candidates.filter((c) => c.source === 'picture') ?? [];
    const choice = offered.at(-1);
    expect(choice).toBeDefined();
    const picked = await member.client.patch<StoryboardView>(`/api/storyboards/${board.id}`, {
      updatedAt: edited.body.updatedAt,
      scenes: scenesOf(edited.body, {
        number: 2,
        visuals: { 0: { source: 'picture', id: choice?.id } },
      }),
    });
    expect(picked.status, JSON.stringify(picked.body)).toBe(200);
    expect(picked.body.scenes[1]?.shots[0]?.visual).toMatchObject({
      source: 'picture',
      id: choice?.id,
    });

    // A tab that read the draft before the last edit is refused, and nothing is lost.
    const stale = await member.client.patch(`/api/storyboards/${board.id}`, {
      updatedAt: edited.body.updatedAt,
      title: 'Overwritten',
    });
    expect(stale.status).toBe(409);
    expect(stale.body).toMatchObject({ code: 'STORYBOARD_STALE' });
    expect((await member.client.get<StoryboardView>(`/api/storyboards/${board.id}`)).body).toEqual(
      picked.body,
    );
    expect(await balance(member)).toBe(before);

    // Two tabs render at once: one video, one charge, the same answer.
    const renders = await Promise.all(
      [0, 1].map(() =>
        member.client.post<CreatedVideoRequest>(`/api/storyboards/${board.id}/render`),
      ),
    );
    expect(
      renders.map((response) => response.status),
      JSON.stringify(renders[0]?.body),
    ).toEqual([201, 201]);
    const [first, second] = renders.map((response) => response.body);
    expect(second?.requestId).toBe(first?.requestId);
    expect(await balance(member)).toBe(before - 1);
    const { rows: charges } = await test.sql.query(
      `select count(*)::int as n from credit_ledger where user_id = $1 and amount < 0`,
      [member.id],
    );
    expect(charges[0].n).toBe(1);

    const locked = await member.client.patch(`/api/storyboards/${board.id}`, {
      updatedAt: picked.body.updatedAt,
      title: 'Too late',
    });
    expect(locked.status).toBe(409);
    expect(locked.body).toMatchObject({ code: 'STORYBOARD_RENDERED' });
    expect((await member.client.get<unknown[]>('/api/storyboards')).body).toEqual([]);

    const video = await waitForVideo(member.client, first?.requestId as number, isSettled, 120_000);
    expect(video.status, video.errorMessage ?? '').toBe('completed');
    const captions = await (await download(member.client, video.captionsUrl as string)).text();
    expect(captions).toContain('Lanterns');
    expect(captions).toContain('sleeping');
    const plan = JSON.parse(video.generatedPrompt as string) as Storyboard;
    expect(plan.scenes[1]?.narration).toBe(NEW_WORDS);
    expect(plan.scenes[1]?.shots?.[0]?.visual).toMatchObject({
      source: 'picture',
      id: choice?.id,
      chosen: true,
    });
  }, 150_000);

  it("shows the member's uploaded clip in a shot, from its start or from the offset they name", async () => {
    const member = await memberOn(test, 'Pro');
    // Two seconds of red, then two of blue: the frame says where the clip was played from.
    const folder = await mkdtemp(path.join(os.tmpdir(), 'reelforge-own-clip-'));
    const clipFile = path.join(folder, 'colours.mp4');
    try {
      await runFfmpeg([
        ...['-f', 'lavfi', '-i', 'color=c=0xe02020:s=640x360:r=25:d=2'],
        ...['-f', 'lavfi', '-i', 'color=c=0x2040e0:s=640x360:r=25:d=2'],
        ...['-filter_complex', '[0:v][1:v]concat=n=2:v=1[v]', '-map', '[v]'],
        ...['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-y', clipFile],
      ]);
      const uploaded = await member.client.upload<{ url: string }>('/api/upload-clip', {
        field: 'clip',
        name: 'colours.mp4',
        type: 'video/mp4',
        bytes: await readFile(clipFile),
      });
      expect(uploaded.status, JSON.stringify(uploaded.body)).toBe(201);
      const clip = uploaded.body.url;

      const board = await draft(member);
      const chosen = await member.client.patch<StoryboardView>(
        `/api/storyboards/${board.id}`,
        firstShotVisuals(board, (sceneNumber) =>
          sceneNumber === 1
            ? { source: 'clip', id: clip }
            : { source: 'clip', id: clip, offset: 2 },
        ),
      );
      expect(chosen.status, JSON.stringify(chosen.body)).toBe(200);
      expect(chosen.body.scenes[1]?.shots[0]?.visual).toMatchObject({
        source: 'clip',
        id: clip,
        offset: 2,
      });
      // Someone else's clip, or a picture's URL given as a clip, is not the member's to show.
      const other = await memberOn(test, 'Pro');
      const otherBoard = await draft(other);
      const foreign = await other.client.patch(`/api/storyboards/${otherBoard.id}`, {
        updatedAt: otherBoard.updatedAt,
        scenes: scenesOf(otherBoard, { number: 1, visuals: { 0: { source: 'clip', id: clip } } }),
      });
      expect(foreign.status).toBe(400);
      expect(foreign.body).toMatchObject({ message: 'Please upload that image or clip again.' });

      const rendered = await member.client.post<CreatedVideoRequest>(
        `/api/storyboards/${board.id}/render`,
      );
      expect(rendered.status, JSON.stringify(rendered.body)).toBe(201);
      const video = await waitForVideo(member.client, rendered.body.requestId, isSettled, 120_000);
      expect(video.status, video.errorMessage ?? '').toBe('completed');
      const plan = JSON.parse(video.generatedPrompt as string) as Storyboard;
      const bytes = new Uint8Array(
        await (await download(member.client, video.videoUrl as string)).arrayBuffer(),
      );
      /** The mean colour of the upper middle of the frame half a second into a scene's first shot. */
      const colourAt = async (sceneIndex: number) => {
        const scene = plan.scenes[sceneIndex];
        const shot = scene?.shots?.[0];
        const at = (scene?.startSeconds ?? 0) + (shot?.start ?? 0) + 0.5;
        const frame = await videoFrameFile(bytes, at);
        const { width = 0, height = 0 } = await sharp(frame).metadata();
        return regionMean(frame, {
          left: Math.round(width * 0.3),
          top: Math.round(height * 0.25),
          width: Math.round(width * 0.4),
          height: Math.round(height * 0.3),
        });
      };
      const [red, , blueOfRed] = await colourAt(0);
      expect(red, 'scene 1 plays the clip from its start (red)').toBeGreaterThan(150);
      expect(blueOfRed).toBeLessThan(90);
      const [redOfBlue, , blue] = await colourAt(1);
      expect(blue, 'scene 2 plays it from 2 s (blue)').toBeGreaterThan(150);
      expect(redOfBlue).toBeLessThan(90);
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  }, 150_000);

  it('refuses what Create refuses, and a scene that cannot be said in 8 seconds', async () => {
    const member = await memberOn(test, 'Pro');
    const board = await draft(member);

    const tooMany = await member.client.patch(`/api/storyboards/${board.id}`, {
      updatedAt: board.updatedAt,
      scenes: [...scenesOf(board), { narration: 'One more scene.', shots: [] }],
    });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body).toMatchObject({
      message: 'Pro members can create videos with up to 2 scenes.',
    });

    const unknownPicture = await member.client.patch(`/api/storyboards/${board.id}`, {
      updatedAt: board.updatedAt,
      scenes: scenesOf(board, {
        number: 1,
        visuals: { 0: { source: 'picture', id: 'middle-finger' } },
      }),
    });
    expect(unknownPicture.status).toBe(400);
    expect(unknownPicture.body).toMatchObject({
      message: 'Please choose one of the pictures offered for this shot.',
    });

    const long = `${'Every single word here must be spoken aloud by the narrator '.repeat(4)}today.`;
    const wordy = await member.client.patch<StoryboardView>(`/api/storyboards/${board.id}`, {
      updatedAt: board.updatedAt,
      scenes: scenesOf(board, { number: 1, narration: long }),
    });
    expect(wordy.status).toBe(200);
    expect(wordy.body.scenes[0]).toMatchObject({ fits: false });
    expect(wordy.body.scenes[0]?.fitSeconds).toBeGreaterThan(8);
    const refused = await member.client.post(`/api/storyboards/${board.id}/render`);
    expect(refused.status, JSON.stringify(refused.body)).toBe(400);
    expect(refused.body).toMatchObject({
      message: "Scene 1's narration is too long to fit 8 seconds. Please shorten it.",
    });

    // With nothing left to pay with, the answer is Create's.
    const poor = await memberOn(test, 'Free');
    const small = await draft(poor, { ...HARBOUR, scenes: 1, watermark: true });
    await balance(poor);
    await test.sql.query(
      'update credit_balances set allowance_remaining = 0, bonus_credits = 0 where user_id = $1',
      [poor.id],
    );
    const unpaid = await poor.client.post(`/api/storyboards/${small.id}/render`);
    expect(unpaid.status).toBe(400);
    expect(unpaid.body).toEqual({
      message: 'You have 0 credits but need 1 to create a video.',
      code: 'INSUFFICIENT_CREDITS',
      remainingCredits: 0,
    });
    expect(
      (await poor.client.get<StoryboardView>(`/api/storyboards/${small.id}`)).body.status,
    ).toBe('draft');
  });

  it('takes a storyboard sent back whole, as GET answered it, and refuses a planned field changed', async () => {
    const member = await memberOn(test, 'Pro');
    const board = await draft(member);
    const whole = {
      ...board,
      scenes: board.scenes.map((scene) =>
        scene.number === 1 ? { ...scene, narration: 'Gulls wheel over the quiet harbour.' } : scene,
      ),
    };
    const saved = await member.client.patch<StoryboardView>(`/api/storyboards/${board.id}`, whole);
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.scenes[0]?.narration).toBe('Gulls wheel over the quiet harbour.');
    expect(saved.body.scenes[1]).toEqual(board.scenes[1]);

    const turned = await member.client.patch(`/api/storyboards/${board.id}`, {
      ...saved.body,
      aspectRatio: 'portrait',
    });
    expect(turned.status).toBe(400);
    expect(turned.body).toMatchObject({
      message:
        'The description, aspect ratio and scene source are set when a storyboard is planned. Plan a new storyboard to change them.',
    });
  });

  it('keeps at most 20 drafts and purges one untouched for 30 days', async () => {
    const member = await memberOn(test, 'Pro');
    const board = await draft(member);
    await test.sql.query(
      `insert into storyboards (user_id, settings, board)
         select user_id, settings, board from storyboards, generate_series(1, 19)
         where id = $1`,
      [board.id],
    );
    const full = await member.client.post('/api/storyboards', HARBOUR);
    expect(full.status).toBe(409);
    expect(full.body).toMatchObject({ code: 'TOO_MANY_DRAFTS' });

    await test.sql.query(
      `update storyboards set updated_at = now() - interval '31 days' where id = $1`,
      [board.id],
    );
    const purged = await test.server.runtime.ctx.services.storyboards.purgeUntouched();
    expect(purged).toBeGreaterThanOrEqual(1);
    expect((await member.client.get(`/api/storyboards/${board.id}`)).status).toBe(404);
    expect((await member.client.get<unknown[]>('/api/storyboards')).body).toHaveLength(19);
  });
});
