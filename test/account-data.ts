// A member with something of everything, for the tests of their data export and of deleting their
// account: a finished video (shared), an upload, a folder, a Creator Engine job with a run, a
// publication, a connection whose tokens are sealed, a notification and ledger entries. Rows the
// API has no quick way to make are written straight into the database.
import { expect } from 'vitest';
import yauzl from 'yauzl';
import { signUp, TestClient } from './http-client';
import { makeImage } from './media';
import { finishedVideo } from './publishing';
import type { TestServerHandle } from './server';

/** Sealed token text a connection and a publication hold: it must never reach an export. */
export const SEALED_MARK = 'SEALED-SECRET-';

export type MemberData = {
  client: TestClient;
  id: string;
  email: string;
  password: string;
  video: { id: number; bytes: Buffer; title: string };
  upload: { url: string; bytes: Buffer };
  folderId: number;
  jobId: number;
};

export async function memberWithData(
  test: TestServerHandle,
  options: { title: string; folderName: string; jobName: string; connect?: boolean },
): Promise<MemberData> {
  const client = new TestClient(test.server.url);
  const { user, email, password } = await signUp(client, {
    firstName: 'Ada',
    lastName: 'Lovelace',
  });
  const id = user.id as string;
  // Pro: Creator Engine jobs are a paid feature.
  await test.sql.query(`update users set member_level = 'Pro' where id = $1`, [id]);

  const bytes = await makeImage('png');
  const uploaded = await client.upload<{ url: string }>('/api/upload-image', {
    field: 'image',
    name: 'logo.png',
    type: 'image/png',
    bytes,
  });
  if (uploaded.status !== 201) throw new Error(`upload answered ${uploaded.status}`);
  const video = await finishedVideo(client, { title: options.title });
  const shared = await client.patch(`/api/videos/${video.id}/visibility`, { isPublic: true });
  if (shared.status !== 200) throw new Error(`sharing answered ${shared.status}`);
  const folder = await client.post<{ id: number }>('/api/user-folders', {
    folderName: options.folderName,
    folderIcon: '📁',
  });
  if (folder.status !== 201) throw new Error(`folder answered ${folder.status}`);
  const job = await client.post<{ id: number }>('/api/video-jobs', {
    jobName: options.jobName,
    postType: 'video',
    frequency: 'daily',
    scenes: 1,
    aspectRatio: 'portrait',
    isActive: true,
    advancedMode: false,
    watermark: true,
    brandName: 'Ember & Oak',
    brandDescription: 'A small-batch coffee roaster.',
    focusFeatures: 'Fresh beans, direct trade.',
    callToAction: 'Order a fresh bag today.',
    filmStyle: 'Warm morning light.',
    dynamicSet: 'A different brewing method each time.',
  });
  if (job.status !== 201) throw new Error(`job answered ${job.status}`);
  const jobId = job.body.id;

  await test.sql.query(
    `insert into video_job_runs (job_id, due_at, status, trigger, reason)
       values ($1, now() - interval '1 day', 'skipped', 'schedule', 'Not enough credits')`,
    [jobId],
  );
  await test.sql.query(
    `insert into publications (user_id, video_id, platform, status, title, description, privacy,
                               checkpoint_sealed, post_id, post_url, published_at)
       values ($1, $2, 'youtube', 'published', $3, 'Boats at first light.', 'public', $4,
               'yt-1', 'https://www.youtube.com/watch?v=yt-1', now())`,
    [id, video.id, options.title, `${SEALED_MARK}checkpoint`],
  );
  if (options.connect !== false) {
    await test.sql.query(
      `insert into platform_connections (user_id, platform, account_id, account_name,
                                         access_token_sealed, refresh_token_sealed, scopes)
         values ($1, 'tiktok', 'tt-1', $2, $3, $4, 'video.publish')`,
      [id, `${options.folderName} on TikTok`, `${SEALED_MARK}access`, `${SEALED_MARK}refresh`],
    );
  }
  await test.sql.query(
    `insert into notifications (user_id, kind, title, message)
       values ($1, 'credits_granted', 'Credits Granted', $2)`,
    [id, `Five credits for ${options.folderName}`],
  );
  return {
    client,
    id,
    email,
    password,
    video,
    upload: { url: uploaded.body.url, bytes },
    folderId: folder.body.id,
    jobId,
  };
}

/** Every entry of a zip, by name, with its bytes. */
export function readZip(zip: Buffer): Promise<Map<string, Buffer>> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(zip, { lazyEntries: true }, (error, file) => {
      if (error || !file) return reject(error);
      const entries = new Map<string, Buffer>();
      file.on('error', reject);
      file.on('end', () => resolve(entries));
      file.on('entry', (entry: yauzl.Entry) => {
        file.openReadStream(entry, (streamError, stream) => {
          if (streamError || !stream) return reject(streamError);
          const chunks: Buffer[] = [];
          stream.on('data', (chunk: Buffer) => chunks.push(chunk));
          stream.on('error', reject);
          stream.on('end', () => {
            entries.set(entry.fileName, Buffer.concat(chunks));
            file.readEntry();
          });
        });
      });
      file.readEntry();
    });
  });
}

/** The sum of a member's ledger amounts and how many entries it has. */
export async function ledgerTotals(
  test: TestServerHandle,
  userId: string,
): Promise<{ sum: number; entries: number }> {
  const { rows } = await test.sql.query(
    'select coalesce(sum(amount), 0)::int as sum, count(*)::int as entries from credit_ledger where user_id = $1',
    [userId],
  );
  return rows[0];
}

/** A hash of every row that is the member's, to see that a refused request changed none of it. */
export async function memberState(test: TestServerHandle, userId: string): Promise<string> {
  const tables: Record<string, string> = {
    users: 'id',
    accounts: 'user_id',
    sessions: 'user_id',
    credit_balances: 'user_id',
    credit_ledger: 'user_id',
    notifications: 'user_id',
    platform_connections: 'user_id',
    publications: 'user_id',
    user_folders: 'user_id',
    video_creation_requests: 'user_id',
    video_generated_content: 'user_id',
    video_jobs: 'user_id',
  };
  const parts: string[] = [];
  for (const [table, column] of Object.entries(tables)) {
    const { rows } = await test.sql.query(
      `select count(*)::int as count, coalesce(md5(string_agg(t::text, '|' order by t::text)), '') as hash
         from ${table} t where ${column} = $1`,
      [userId],
    );
    parts.push(`${table}:${rows[0].count}:${rows[0].hash}`);
  }
  return parts.join(' ');
}

/**
 * What a member whose account was deleted, and everyone else, can see afterwards: the old
 * password opens nothing, the shared link is gone, the email is free for a new account, and the
 * admin's members export and member picker no longer show them.
 */
export async function expectAccountGone(
  test: TestServerHandle,
  member: Pick<MemberData, 'id' | 'email' | 'password' | 'video'>,
  admin: TestClient,
): Promise<void> {
  const visitor = new TestClient(test.server.url);
  const signIn = await visitor.post('/api/auth/signin', {
    email: member.email,
    password: member.password,
  });
  expect(signIn.status).toBe(401);
  expect((await visitor.get(`/api/shared-video/${member.video.id}`)).status).toBe(404);

  const again = await signUp(new TestClient(test.server.url), {
    email: member.email,
    password: member.password,
  });
  expect(again.user.id).not.toBe(member.id);

  const csv = await admin.get<string>('/api/admin/export/members');
  expect(csv.status).toBe(200);
  expect(csv.body).not.toContain(member.id);
  // The new account has the email now; the deleted one's row is not in the export at all.
  expect(csv.body.split(member.email)).toHaveLength(2);
  const picker = await admin.get<{ id: string }[]>(
    `/api/users?search=${encodeURIComponent(member.email)}`,
  );
  expect(picker.body.map((user) => user.id)).toEqual([again.user.id]);

  const { rows } = await test.sql.query(
    `select email, name, first_name, last_name, referral_code, deleted_at, email_verified
       from users where id = $1`,
    [member.id],
  );
  expect(rows[0]).toMatchObject({
    email: `deleted-${member.id}@deleted.invalid`,
    name: 'Deleted member',
    first_name: null,
    last_name: null,
    deleted_at: expect.any(Date),
    email_verified: false,
  });
  for (const table of [
    'accounts',
    'sessions',
    'video_generated_content',
    'video_creation_requests',
    'video_jobs',
    'user_folders',
    'notifications',
    'publications',
    'platform_connections',
    'submissions',
  ]) {
    const left = await test.sql.query(
      `select count(*)::int as count from ${table} where user_id = $1`,
      [member.id],
    );
    expect(`${table}: ${left.rows[0].count}`).toBe(`${table}: 0`);
  }
}
