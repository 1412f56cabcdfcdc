// The data export on the real server: a member with a video, an upload, a folder, a job with a
// run, a publication, a connection and ledger entries downloads one zip holding account.json
// with their rows and their files byte for byte, and nothing of another member who has the same
// kinds of things; no token, sealed or not, is in it.
import { beforeAll, describe, expect, it } from 'vitest';
import { accountExportFileName } from '../../../shared/schemas/account';
import {
  ledgerTotals,
  type MemberData,
  memberWithData,
  readZip,
  SEALED_MARK,
} from '../../../test/account-data';
import { TestClient } from '../../../test/http-client';
import { setUpTestServer } from '../../../test/server';
import { safeFileTitle, videoEntryName } from './export';

const test = setUpTestServer();

let member: MemberData;
let other: MemberData;
beforeAll(async () => {
  [member, other] = await Promise.all([
    memberWithData(test, {
      title: 'Harbour at dawn: boats/gulls',
      folderName: 'Launch ideas',
      jobName: 'Daily coffee moments',
    }),
    memberWithData(test, {
      title: 'Someone else entirely',
      folderName: 'Not yours folder',
      jobName: 'Not yours job',
    }),
  ]);
}, 180_000);

async function download(client: TestClient) {
  const response = await fetch(new URL('/api/account/export', client.baseUrl), {
    headers: { cookie: client.cookieHeader },
  });
  return { response, zip: Buffer.from(await response.arrayBuffer()) };
}

describe('GET /api/account/export', () => {
  it("is the member's data and files as one zip, and nothing of anyone else's", async () => {
    const { response, zip } = await download(member.client);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/zip');
    expect(response.headers.get('content-disposition')).toContain(
      `attachment; filename="${accountExportFileName(new Date())}"`,
    );
    expect(response.headers.get('cache-control')).toBe('no-store');

    const entries = await readZip(zip);
    const names = [...entries.keys()];
    const videoName = videoEntryName(member.video, 'video.mp4');
    expect(videoName).toBe(`videos/${member.video.id} - Harbour at dawn_ boats_gulls.mp4`);
    expect(names[0]).toBe('account.json');
    expect(names).toContain(videoName);
    expect(names).toContain(videoName.replace(/\.mp4$/, '.jpg'));
    // The default voice narrates, so the video has captions.
    expect(names).toContain(videoName.replace(/\.mp4$/, '.vtt'));
    expect(entries.get(videoName)?.equals(member.video.bytes)).toBe(true);
    const upload = names.filter((name) => name.startsWith('uploads/'));
    expect(upload).toEqual([`uploads/${member.upload.url.split('/').at(-1)}`]);
    expect(entries.get(upload[0] ?? '')?.equals(member.upload.bytes)).toBe(true);
    expect(names.some((name) => name.startsWith(`videos/${other.video.id} `))).toBe(false);

    const account = JSON.parse(entries.get('account.json')?.toString('utf8') ?? '');
    expect(account.profile).toMatchObject({
      id: member.id,
      email: member.email,
      firstName: 'Ada',
      lastName: 'Lovelace',
      plan: 'Pro',
      voiceSettings: { voiceId: 'offline-en-us', captionStyle: 'karaoke' },
      signInMethods: [{ method: 'password' }],
    });
    expect(account.profile.referralCode).toMatch(/^[A-Z0-9]{8}$/);
    expect(account.creditBalance).toMatchObject({ bonusCredits: expect.any(Number) });
    const ledger = await ledgerTotals(test, member.id);
    expect(account.creditLedger).toHaveLength(ledger.entries);
    expect(
      account.creditLedger.reduce(
        (sum: number, entry: { amount: number }) => sum + entry.amount,
        0,
      ),
    ).toBe(ledger.sum);
    expect(account.videos).toEqual([
      expect.objectContaining({
        id: member.video.id,
        title: member.video.title,
        generatedPrompt: expect.stringContaining('scenes'),
      }),
    ]);
    expect(account.videoRequests).toEqual([
      expect.objectContaining({ title: member.video.title, status: 'completed' }),
    ]);
    expect(account.folders).toEqual([
      expect.objectContaining({ id: member.folderId, name: 'Launch ideas' }),
    ]);
    expect(account.jobs).toEqual([
      expect.objectContaining({
        id: member.jobId,
        jobName: 'Daily coffee moments',
        runs: [expect.objectContaining({ status: 'skipped', reason: 'Not enough credits' })],
      }),
    ]);
    expect(account.publications).toEqual([
      expect.objectContaining({
        videoId: member.video.id,
        platform: 'youtube',
        status: 'published',
      }),
    ]);
    expect(account.connections).toEqual([
      {
        platform: 'tiktok',
        accountName: 'Launch ideas on TikTok',
        status: 'connected',
        connectedAt: expect.any(String),
        updatedAt: expect.any(String),
      },
    ]);
    expect(account.notifications).toEqual([
      expect.objectContaining({ message: 'Five credits for Launch ideas' }),
    ]);
    expect(account.sessions.length).toBeGreaterThan(0);

    // Nothing of the other member, and no token, in any file of the zip.
    const everything = [...entries.values()].map((bytes) => bytes.toString('latin1')).join('\n');
    for (const foreign of [other.id, other.email, 'Not yours folder', 'Not yours job']) {
      expect(everything).not.toContain(foreign);
    }
    expect(everything).not.toContain(SEALED_MARK);
    const { rows } = await test.sql.query(
      `select password from accounts where user_id = $1 and provider_id = 'credential'`,
      [member.id],
    );
    expect(everything).not.toContain(rows[0].password);
  });

  it('is for signed-in members only', async () => {
    const visitor = new TestClient(test.server.url);
    expect((await visitor.get('/api/account/export')).status).toBe(401);
  });

  it('names files after their video, safely', () => {
    expect(safeFileTitle('../../etc/passwd')).toBe('_.._etc_passwd');
    expect(safeFileTitle('Café ☕ — déjà vu')).toBe('Café _ _ déjà vu');
    expect(safeFileTitle('   ')).toBe('video');
    expect(safeFileTitle('x'.repeat(200))).toHaveLength(80);
  });
});
