// Earning by proof on the real server and database: every validation message, each type's reward
// on approval (the Elite month too), reviews that happen once however they race, the anti-abuse
// rules, and the member told of both outcomes (live and stored).
import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { POST_NOT_FOUND_MESSAGE, SHORT_LINK_MESSAGE } from '../../../shared/earning';
import type { ClientToServerEvents, ServerToClientEvents } from '../../../shared/realtime';
import type { MemberNotification } from '../../../shared/schemas/notifications';
import type { AdminSubmission, Submission } from '../../../shared/schemas/submissions';
import { signUp, TestClient, uniqueEmail } from '../../../test/http-client';
import { adminOn } from '../../../test/members';
import { setUpTestServer } from '../../../test/server';
import { MESSAGES, PENDING_LIMIT } from './service';

const ADMIN_EMAIL = uniqueEmail('admin');
const test = setUpTestServer({ env: { ROLES: 'api', ADMIN_EMAILS: ADMIN_EMAIL } });

let admin: TestClient;
let postCounter = 0;

beforeAll(async () => {
  ({ client: admin } = await adminOn(test, ADMIN_EMAIL));
});

async function member() {
  const client = new TestClient(test.server.url);
  const { user } = await signUp(client);
  // Proofs need a verified address (the link's own tests are in features/auth).
  await test.sql.query('update users set email_verified = true where id = $1', [user.id]);
  return { client, id: user.id as string };
}

/** A numeric post id nobody has sent before. */
function newId(): string {
  postCounter += 1;
  return `${Date.now()}${postCounter}`;
}

/** A post link nobody has sent before. */
function newPost(): string {
  return `https://x.com/maker/status/${newId()}`;
}

async function submit(client: TestClient, body: Record<string, unknown>) {
  return client.post<Submission & { message?: string }>('/api/submissions', body);
}

async function submitted(client: TestClient, body: Record<string, unknown>): Promise<Submission> {
  const response = await submit(client, body);
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body;
}

function review(id: number, body: Record<string, unknown>) {
  return admin.patch<Submission & { message?: string }>(`/api/admin/submissions/${id}`, body);
}

async function bonusOf(userId: string): Promise<number> {
  const { rows } = await test.sql.query(
    'select coalesce(bonus_credits, 0) as bonus from credit_balances where user_id = $1',
    [userId],
  );
  return rows[0]?.bonus ?? 0;
}

async function planChanges(userId: string) {
  const { rows } = await test.sql.query(
    `select amount, bucket, description, reference from credit_ledger
     where user_id = $1 and transaction_type = 'plan_change' order by id`,
    [userId],
  );
  return rows as { amount: number; bucket: string; description: string; reference: string }[];
}

async function submissionsOf(userId: string) {
  const { rows } = await test.sql.query(
    'select status, post_key, credits_awarded from submissions where user_id = $1 order by id',
    [userId],
  );
  return rows as { status: string; post_key: string; credits_awarded: number | null }[];
}

async function earnEntries(userId: string) {
  const { rows } = await test.sql.query(
    `select amount, description, reference from credit_ledger
     where user_id = $1 and transaction_type = 'earn' order by id`,
    [userId],
  );
  return rows as { amount: number; description: string; reference: string }[];
}

describe('POST /api/submissions validation', () => {
  it.each([
    [{ submissionType: 'x_post', postLink: 'not a link' }, 'Please enter a valid URL'],
    [{ submissionType: 'x_post', postLink: 'ftp://x.com/a' }, 'Please enter a valid URL'],
    [
      { submissionType: 'x_post', postLink: newPost(), screenshotUrl: 'screenshot.png' },
      'Please enter a valid URL',
    ],
    [
      { submissionType: 'view_milestone', postLink: newPost(), viewCount: 0 },
      'View count must be positive',
    ],
    [
      { submissionType: 'view_milestone', postLink: newPost(), viewCount: -20 },
      'View count must be positive',
    ],
    [
      { submissionType: 'view_milestone', postLink: newPost(), viewCount: 1500.5 },
      'View count must be positive',
    ],
    [{ submissionType: 'follow_x', socialHandle: '' }, 'Handle is required'],
    [{ submissionType: 'follow_x', socialHandle: '   ' }, 'Handle is required'],
    [{ submissionType: 'x_post' }, 'Required fields missing for submission type'],
    [{ submissionType: 'x_post', postLink: '' }, 'Required fields missing for submission type'],
    [
      { submissionType: 'view_milestone', postLink: newPost() },
      'Required fields missing for submission type',
    ],
    [
      { submissionType: 'view_milestone', postLink: newPost(), viewCount: 999 },
      'Required fields missing for submission type',
    ],
    [
      { submissionType: 'view_milestone', viewCount: 5000 },
      'Required fields missing for submission type',
    ],
    [{ submissionType: 'follow_discord' }, 'Required fields missing for submission type'],
    [
      { submissionType: 'follow_tiktok', postLink: newPost() },
      'Required fields missing for submission type',
    ],
    // Links in which no single post can be told are never paid on a guess.
    [{ submissionType: 'x_post', postLink: 'https://x.com/maker' }, POST_NOT_FOUND_MESSAGE],
    [
      {
        submissionType: 'view_milestone',
        postLink: 'https://www.youtube.com/@maker',
        viewCount: 5000,
      },
      POST_NOT_FOUND_MESSAGE,
    ],
    [
      {
        submissionType: 'view_milestone',
        postLink: 'https://vm.tiktok.com/ZMabc123/',
        viewCount: 5000,
      },
      SHORT_LINK_MESSAGE,
    ],
  ])('refuses %j with %j and stores nothing', async (body, message) => {
    const { client, id } = await member();
    const response = await submit(client, body);
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ code: 'VALIDATION_ERROR', message });
    const { rows } = await test.sql.query(
      'select count(*)::int as n from submissions where user_id = $1',
      [id],
    );
    expect(rows[0].n).toBe(0);
  });

  it('refuses an unknown type', async () => {
    const { client } = await member();
    const response = await submit(client, { submissionType: 'follow_myspace', socialHandle: 'me' });
    expect(response.status).toBe(400);
  });

  it('refuses a visitor with 401', async () => {
    const response = await new TestClient(test.server.url).post('/api/submissions', {
      submissionType: 'follow_x',
      socialHandle: '@visitor',
    });
    expect(response.status).toBe(401);
  });

  it('stores a valid proof as pending, keeping only the fields its type uses', async () => {
    const { client, id } = await member();
    const link = newPost();
    const body = await submitted(client, {
      submissionType: 'x_post',
      postLink: link,
      socialHandle: '@ignored',
      viewCount: 12,
      description: 'My launch post',
      screenshotUrl: '',
    });
    expect(body).toMatchObject({
      userId: id,
      submissionType: 'x_post',
      status: 'pending',
      postLink: link,
      socialHandle: null,
      viewCount: null,
      description: 'My launch post',
      screenshotUrl: null,
      adminNotes: null,
      creditsAwarded: null,
    });
  });
});

describe('a member sees their own submissions', () => {
  it('lists their own, with status, and never another member’s', async () => {
    const alice = await member();
    const bob = await member();
    const mine = await submitted(alice.client, {
      submissionType: 'follow_x',
      socialHandle: '@alice',
    });
    await submitted(bob.client, { submissionType: 'follow_x', socialHandle: '@bob' });
    const list = await alice.client.get<Submission[]>('/api/submissions');
    expect(list.status).toBe(200);
    expect(list.body.map((submission) => submission.id)).toEqual([mine.id]);
    expect(list.body[0]).toMatchObject({ status: 'pending', socialHandle: '@alice' });
    // The review queue is for admins only.
    expect((await alice.client.get('/api/admin/submissions')).status).toBe(403);
    expect(
      (await alice.client.patch(`/api/admin/submissions/${mine.id}`, { status: 'approved' }))
        .status,
    ).toBe(403);
  });
});

describe('approval pays the spec’s reward', () => {
  it.each([
    ['x_post', { postLink: 'x' }, 2],
    ['follow_discord', { socialHandle: 'robin#1234' }, 2],
    ['follow_x', { socialHandle: '@robin' }, 1],
    ['follow_instagram', { socialHandle: '@robin' }, 1],
    ['follow_facebook', { socialHandle: 'Robin T' }, 1],
    ['follow_youtube', { socialHandle: '@robin' }, 1],
    ['follow_tiktok', { socialHandle: '@robin' }, 1],
    ['follow_linkedin', { socialHandle: 'Robin T' }, 1],
    ['follow_telegram', { socialHandle: '@robin' }, 1],
    ['view_milestone', { viewCount: 1_000 }, 1],
    ['view_milestone', { viewCount: 12_345 }, 15],
    ['view_milestone', { viewCount: 100_000 }, 50],
  ])('%s %j pays %i credits', async (submissionType, fields, credits) => {
    const { client, id } = await member();
    const body = { submissionType, ...fields } as Record<string, unknown>;
    if (submissionType === 'x_post' || submissionType === 'view_milestone')
      body.postLink = newPost();
    const submission = await submitted(client, body);
    const before = (await client.get<{ remainingCredits: number }>('/api/credits')).body
      .remainingCredits;

    const response = await review(submission.id, { status: 'approved' });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      status: 'approved',
      creditsAwarded: credits,
      adminNotes: 'Approved by admin',
    });
    expect(
      (await client.get<{ remainingCredits: number }>('/api/credits')).body.remainingCredits,
    ).toBe(before + credits);
    expect(await bonusOf(id)).toBe(credits);
    expect(await earnEntries(id)).toEqual([
      expect.objectContaining({ amount: credits, reference: `submission:${submission.id}` }),
    ]);
    const ledger = await client.get<{ transactionType: string; amount: number }[]>(
      '/api/credits/ledger?type=earn&limit=5',
    );
    expect(ledger.body).toEqual([
      expect.objectContaining({ transactionType: 'earn', amount: credits }),
    ]);
  });

  it('1M+ views gives one month of Elite: a plan change with an end date, then back', async () => {
    const { client, id } = await member();
    const submission = await submitted(client, {
      submissionType: 'view_milestone',
      postLink: newPost(),
      viewCount: 1_250_000,
    });
    const approved = await review(submission.id, { status: 'approved', adminNote: 'Huge!' });
    expect(approved.body).toMatchObject({
      status: 'approved',
      creditsAwarded: 0,
      adminNotes: 'Huge!',
    });
    expect((await client.get('/api/auth/user')).body.memberLevel).toBe('Elite');
    const { rows } = await test.sql.query(
      'select member_level, plan_expires_at, plan_reverts_to, reviewed_at from users join submissions s on s.user_id = users.id where users.id = $1',
      [id],
    );
    const { member_level, plan_expires_at, plan_reverts_to, reviewed_at } = rows[0];
    expect(member_level).toBe('Elite');
    expect(plan_reverts_to).toBe('Free');
    const month = new Date(reviewed_at);
    month.setUTCMonth(month.getUTCMonth() + 1);
    expect(Math.abs(new Date(plan_expires_at).getTime() - month.getTime())).toBeLessThan(5_000);
    expect(await earnEntries(id)).toEqual([
      expect.objectContaining({
        amount: 0,
        description: 'View milestone approved: one month of Elite',
      }),
    ]);
    // The plan changed the way an admin's change does: recorded in the ledger.
    expect(await planChanges(id)).toEqual([
      {
        amount: 0,
        bucket: 'unlimited',
        description: 'Now on Elite: unlimited generations',
        reference: `submission:${submission.id}`,
      },
    ]);
  });
});

describe('a review happens once', () => {
  it('refuses a second approval, and approving a rejected one, paying nothing', async () => {
    const { client, id } = await member();
    const first = await submitted(client, { submissionType: 'follow_youtube', socialHandle: '@r' });
    expect((await review(first.id, { status: 'approved' })).status).toBe(200);
    const again = await review(first.id, { status: 'approved' });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({
      code: 'NOT_PENDING',
      message: 'Only pending submissions can be approved or rejected.',
    });
    const reject = await review(first.id, { status: 'rejected', adminNote: 'Changed my mind' });
    expect(reject.status).toBe(409);

    const second = await submitted(client, { submissionType: 'x_post', postLink: newPost() });
    expect(
      (await review(second.id, { status: 'rejected', adminNote: 'Not about us' })).status,
    ).toBe(200);
    const late = await review(second.id, { status: 'approved' });
    expect(late.status).toBe(409);
    expect(await bonusOf(id)).toBe(1);
    expect(await earnEntries(id)).toHaveLength(1);
    const { rows } = await test.sql.query(
      'select status, admin_notes from submissions where id = $1',
      [second.id],
    );
    expect(rows[0]).toEqual({ status: 'rejected', admin_notes: 'Not about us' });
  });

  it('pays once when ten approvals race', async () => {
    const { client, id } = await member();
    const submission = await submitted(client, { submissionType: 'x_post', postLink: newPost() });
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => review(submission.id, { status: 'approved' })),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, ...Array(9).fill(409)]);
    expect(await earnEntries(id)).toHaveLength(1);
    expect(await bonusOf(id)).toBe(2);
  });

  it('answers 404 for an unknown submission', async () => {
    const response = await review(2_000_000_000, { status: 'approved' });
    expect(response.status).toBe(404);
    expect(response.body).toMatchObject({ message: 'Submission not found' });
  });
});

describe('rejection needs a reason', () => {
  it.each([
    [{ status: 'rejected' }, 'Rejection reason is required'],
    [{ status: 'rejected', adminNote: '' }, 'Rejection reason is required'],
    [{ status: 'rejected', adminNote: '   ' }, 'Rejection reason is required'],
    [{ status: 'rejected', adminNote: 'x'.repeat(501) }, 'Reason too long'],
    [{ status: 'approved', adminNote: 'x'.repeat(501) }, 'Reason too long'],
    [{ status: 'pending' }, 'status must be approved or rejected.'],
  ])('refuses %j with %j and leaves it pending', async (body, message) => {
    const { client } = await member();
    const submission = await submitted(client, {
      submissionType: 'follow_linkedin',
      socialHandle: 'R',
    });
    const response = await review(submission.id, body);
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ message });
    const { rows } = await test.sql.query('select status from submissions where id = $1', [
      submission.id,
    ]);
    expect(rows[0].status).toBe('pending');
  });

  it('accepts a reason of exactly 500 characters', async () => {
    const { client } = await member();
    const submission = await submitted(client, {
      submissionType: 'follow_linkedin',
      socialHandle: 'R',
    });
    const response = await review(submission.id, {
      status: 'rejected',
      adminNote: 'x'.repeat(500),
    });
    expect(response.status).toBe(200);
  });
});

describe('anti-abuse rules', () => {
  it('pays one follow per platform per member, and holds one of each waiting', async () => {
    const { client, id } = await member();
    const first = await submitted(client, { submissionType: 'follow_tiktok', socialHandle: '@r' });
    const pending = await submit(client, {
      submissionType: 'follow_tiktok',
      socialHandle: '@other',
    });
    expect(pending.status).toBe(409);
    expect(pending.body.message).toBe('Your TikTok submission is already waiting for review.');
    await review(first.id, { status: 'approved' });
    const paid = await submit(client, { submissionType: 'follow_tiktok', socialHandle: '@r' });
    expect(paid.status).toBe(409);
    expect(paid.body.message).toBe('You have already earned the reward for TikTok.');
    // Other platforms are still open, and another member may follow on TikTok too.
    await submitted(client, { submissionType: 'follow_telegram', socialHandle: '@r' });
    const other = await member();
    await submitted(other.client, { submissionType: 'follow_tiktok', socialHandle: '@o' });
    expect(await bonusOf(id)).toBe(1);
  });

  it('lets a rejected follow be sent again', async () => {
    const { client } = await member();
    const first = await submitted(client, { submissionType: 'follow_facebook', socialHandle: 'R' });
    await review(first.id, { status: 'rejected', adminNote: 'We could not find you' });
    await submitted(client, { submissionType: 'follow_facebook', socialHandle: 'Robin T' });
  });

  it('holds one pending follow of a kind when two race', async () => {
    const { client, id } = await member();
    const answers = await Promise.all(
      Array.from({ length: 5 }, () =>
        submit(client, { submissionType: 'follow_x', socialHandle: '@r' }),
      ),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 409, 409, 409, 409]);
    const { rows } = await test.sql.query(
      'select count(*)::int as n from submissions where user_id = $1',
      [id],
    );
    expect(rows[0].n).toBe(1);
  });

  it('never pays for one X post twice, across members and spellings', async () => {
    const alice = await member();
    const bob = await member();
    const status = `${Date.now()}777`;
    const first = await submitted(alice.client, {
      submissionType: 'x_post',
      postLink: `https://x.com/alice/status/${status}`,
    });
    const waiting = await submit(bob.client, {
      submissionType: 'x_post',
      postLink: `https://twitter.com/Alice/status/${status}?s=20`,
    });
    expect(waiting.status).toBe(409);
    expect(waiting.body.message).toBe('This post is already waiting for review.');
    await review(first.id, { status: 'approved' });
    for (const link of [
      `https://mobile.twitter.com/alice/status/${status}/`,
      `https://www.x.com/someone_else/status/${status}#top`,
    ]) {
      const again = await submit(bob.client, { submissionType: 'x_post', postLink: link });
      expect(again.status).toBe(409);
      expect(again.body.message).toBe('This post has already been rewarded.');
    }
    expect(await bonusOf(bob.id)).toBe(0);
  });

  it('refuses to approve a second submission of a post approved in between', async () => {
    const alice = await member();
    const bob = await member();
    const link = newPost();
    const first = await submitted(alice.client, { submissionType: 'x_post', postLink: link });
    await review(first.id, { status: 'rejected', adminNote: 'Screenshot missing' });
    const second = await submitted(bob.client, { submissionType: 'x_post', postLink: link });
    // An old pending copy (sent before the rule existed) is approved after the post was paid.
    await test.sql.query(
      `insert into submissions (user_id, submission_type, post_link, post_key, status)
       select user_id, submission_type, post_link, post_key, 'pending' from submissions where id = $1`,
      [first.id],
    );
    const { rows } = await test.sql.query('select max(id) as id from submissions');
    expect((await review(second.id, { status: 'approved' })).status).toBe(200);
    const copy = await review(rows[0].id, { status: 'approved' });
    expect(copy.status).toBe(409);
    expect(copy.body.message).toBe('This post has already been rewarded.');
    expect(await bonusOf(alice.id)).toBe(0);
  });

  it('pays a view milestone on the same post only the difference between tiers', async () => {
    const { client, id } = await member();
    const link = newPost();
    const tier = async (viewCount: number) => {
      const submission = await submitted(client, {
        submissionType: 'view_milestone',
        postLink: link,
        viewCount,
      });
      return (await review(submission.id, { status: 'approved' })).body;
    };
    expect((await tier(1_500)).creditsAwarded).toBe(1);
    // The same tier again, or a lower one, is refused.
    const same = await submit(client, {
      submissionType: 'view_milestone',
      postLink: link,
      viewCount: 9_000,
    });
    expect(same.status).toBe(409);
    expect(same.body.message).toBe('This post has already been rewarded for this milestone.');
    expect((await tier(10_000)).creditsAwarded).toBe(14);
    expect((await tier(250_000)).creditsAwarded).toBe(35);
    const lower = await submit(client, {
      submissionType: 'view_milestone',
      postLink: link,
      viewCount: 20_000,
    });
    expect(lower.status).toBe(409);
    expect(await bonusOf(id)).toBe(50);
    // A view milestone is its own reward: the post may still earn its X post credits.
    await submitted(client, { submissionType: 'x_post', postLink: link });
  });

  it('pays two milestones of one post approved at once no more than the higher tier', async () => {
    const alice = await member();
    const link = newPost();
    const low = await submitted(alice.client, {
      submissionType: 'view_milestone',
      postLink: link,
      viewCount: 1_000,
    });
    // A second pending milestone of the same post, as if sent before the first was seen.
    await test.sql.query(
      `insert into submissions (user_id, submission_type, post_link, post_key, view_count)
       select user_id, submission_type, post_link, post_key, 10000 from submissions where id = $1`,
      [low.id],
    );
    const { rows } = await test.sql.query('select max(id) as id from submissions');
    const answers = await Promise.all([
      review(low.id, { status: 'approved' }),
      review(rows[0].id, { status: 'approved' }),
    ]);
    // Whichever lands first: 1K then 10K pays 1 + 14; 10K first pays 15 and refuses the 1K.
    const statuses = answers.map((answer) => answer.status).sort();
    expect([
      [200, 200],
      [200, 409],
    ]).toContainEqual(statuses);
    expect(await bonusOf(alice.id)).toBe(15);
    const { rows: paid } = await test.sql.query(
      "select coalesce(sum(credits_awarded), 0)::int as total from submissions where post_key = (select post_key from submissions where id = $1) and status = 'approved'",
      [low.id],
    );
    expect(paid[0].total).toBe(15);
  });

  it('never pays an X post again through another spelling of its link', async () => {
    const alice = await member();
    const bob = await member();
    const status = newId();
    const first = await submitted(alice.client, {
      submissionType: 'x_post',
      postLink: `https://x.com/alice/status/${status}`,
    });
    expect((await review(first.id, { status: 'approved' })).status).toBe(200);
    for (const link of [
      `https://x.com/ALICE/STATUS/${status}/`,
      `https://x.com./alice/status/${status}`,
      `https://x.com/alice/status/00${status}`,
      `https://fxtwitter.com/alice/status/${status}`,
      `https://vxtwitter.com/alice/status/${status}`,
      `https://fixupx.com/alice/status/${status}`,
      `https://nitter.net/alice/status/${status}#m`,
      `https://x.com/i/web/status/${status}`,
    ]) {
      const again = await submit(bob.client, { submissionType: 'x_post', postLink: link });
      expect(again.status, link).toBe(409);
      expect(again.body.message).toBe(MESSAGES.postPaid);
    }
    expect(await submissionsOf(bob.id)).toEqual([]);
    expect(await earnEntries(bob.id)).toEqual([]);
    expect(await bonusOf(bob.id)).toBe(0);
  });

  it('gives the month of Elite once per video, through its embed link too', async () => {
    const alice = await member();
    const bob = await member();
    const video = `Vid${newId().slice(-8)}`;
    const first = await submitted(alice.client, {
      submissionType: 'view_milestone',
      postLink: `https://www.youtube.com/watch?v=${video}`,
      viewCount: 1_000_000,
    });
    expect((await review(first.id, { status: 'approved' })).status).toBe(200);
    for (const [client, link] of [
      [alice.client, `https://www.youtube.com/embed/${video}?rel=0`],
      [bob.client, `https://www.youtube-nocookie.com/embed/${video}`],
      [bob.client, `https://music.youtube.com/watch?v=${video}`],
      [bob.client, `https://www.youtube.com/v/${video}`],
    ] as const) {
      const again = await submit(client, {
        submissionType: 'view_milestone',
        postLink: link,
        viewCount: 2_000_000,
      });
      expect(again.status, link).toBe(409);
      expect(again.body.message).toBe(MESSAGES.milestonePaid);
    }
    // The id's case names another video: that one may still be sent.
    await submitted(bob.client, {
      submissionType: 'view_milestone',
      postLink: `https://youtu.be/${video.toLowerCase()}`,
      viewCount: 1_000,
    });
    expect(await planChanges(alice.id)).toHaveLength(1);
    expect(await planChanges(bob.id)).toEqual([]);
    const { rows } = await test.sql.query('select member_level from users where id = $1', [bob.id]);
    expect(rows[0].member_level).toBe('Free');
  });

  it('pays a TikTok video no more than its highest tier, whatever form its link takes', async () => {
    const alice = await member();
    const bob = await member();
    const video = newId();
    const first = await submitted(alice.client, {
      submissionType: 'view_milestone',
      postLink: `https://www.tiktok.com/@a/video/${video}`,
      viewCount: 10_000,
    });
    expect((await review(first.id, { status: 'approved' })).body.creditsAwarded).toBe(15);
    const same = await submit(bob.client, {
      submissionType: 'view_milestone',
      postLink: `https://m.tiktok.com/v/${video}.html`,
      viewCount: 10_000,
    });
    expect(same.status).toBe(409);
    expect(same.body.message).toBe(MESSAGES.milestonePaid);
    // A higher tier through the mobile link pays only what the video has not been paid yet.
    const higher = await submitted(bob.client, {
      submissionType: 'view_milestone',
      postLink: `https://m.tiktok.com/v/${video}.html`,
      viewCount: 100_000,
    });
    expect((await review(higher.id, { status: 'approved' })).body.creditsAwarded).toBe(35);
    expect((await bonusOf(alice.id)) + (await bonusOf(bob.id))).toBe(50);
    expect(await submissionsOf(bob.id)).toEqual([
      { status: 'approved', post_key: `tiktok.com/video/${video}`, credits_awarded: 35 },
    ]);
  });

  it(`holds ${PENDING_LIMIT} waiting when one member sends 20 at once from several sessions`, async () => {
    const { client, id } = await member();
    const email = (await client.get<{ email: string }>('/api/auth/user')).body.email;
    const sessions = [client];
    for (let index = 0; index < 3; index += 1) {
      const session = new TestClient(test.server.url);
      const signedIn = await session.post('/api/auth/signin', {
        email,
        password: 'correct horse battery',
      });
      expect(signedIn.status).toBe(200);
      sessions.push(session);
    }
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, index) =>
        submit(sessions[index % sessions.length] as TestClient, {
          submissionType: 'x_post',
          postLink: newPost(),
        }),
      ),
    );
    const refused = answers.filter((answer) => answer.status !== 201);
    expect(answers.filter((answer) => answer.status === 201)).toHaveLength(PENDING_LIMIT);
    expect(refused).toHaveLength(20 - PENDING_LIMIT);
    for (const answer of refused) {
      expect(answer.status).toBe(409);
      expect(answer.body).toMatchObject({
        code: 'TOO_MANY_PENDING',
        message: MESSAGES.tooManyPending,
      });
    }
    const { rows } = await test.sql.query(
      "select count(*)::int as n from submissions where user_id = $1 and status = 'pending'",
      [id],
    );
    expect(rows[0].n).toBe(PENDING_LIMIT);
  });

  it(`holds at most ${PENDING_LIMIT} submissions waiting per member`, async () => {
    const { client } = await member();
    for (let index = 0; index < PENDING_LIMIT; index += 1) {
      await submitted(client, { submissionType: 'x_post', postLink: newPost() });
    }
    const over = await submit(client, { submissionType: 'x_post', postLink: newPost() });
    expect(over.status).toBe(409);
    expect(over.body).toMatchObject({ code: 'TOO_MANY_PENDING' });
  });
});

describe('the review queue', () => {
  it('lists submissions with their member, filtered by status', async () => {
    const { client } = await member();
    const waiting = await submitted(client, { submissionType: 'follow_x', socialHandle: '@queue' });
    const done = await submitted(client, { submissionType: 'x_post', postLink: newPost() });
    await review(done.id, { status: 'approved' });
    const pending = await admin.get<AdminSubmission[]>('/api/admin/submissions?status=pending');
    expect(pending.status).toBe(200);
    expect(pending.body.every((submission) => submission.status === 'pending')).toBe(true);
    const found = pending.body.find((submission) => submission.id === waiting.id);
    expect(found?.user.email).toMatch(/@example\.com$/);
    expect(pending.body.some((submission) => submission.id === done.id)).toBe(false);
    const approved = await admin.get<AdminSubmission[]>('/api/admin/submissions?status=approved');
    expect(approved.body.some((submission) => submission.id === done.id)).toBe(true);
    const all = await admin.get<AdminSubmission[]>('/api/admin/submissions');
    expect(all.body.map((submission) => submission.id)).toEqual(
      expect.arrayContaining([waiting.id, done.id]),
    );
    expect((await admin.get('/api/admin/submissions?status=maybe')).status).toBe(400);
  });
});

describe('the member is told of both outcomes', () => {
  type ClientSocket = Socket<ServerToClientEvents, ClientToServerEvents>;
  const sockets: ClientSocket[] = [];
  afterAll(() => {
    for (const socket of sockets) socket.disconnect();
  });

  async function listen(client: TestClient, userId: string) {
    const socket: ClientSocket = io(test.server.url, {
      transports: ['websocket'],
      extraHeaders: { cookie: client.cookieHeader },
      reconnection: false,
    });
    sockets.push(socket);
    const received: MemberNotification[] = [];
    socket.on('notification', (notification) => received.push(notification));
    await new Promise<void>((resolve) => {
      socket.once('authenticated', () => resolve());
      socket.emit('authenticate', { userId });
    });
    return received;
  }

  async function until<T>(read: () => T | undefined): Promise<T> {
    const deadline = Date.now() + 5_000;
    while (Date.now() < deadline) {
      const value = read();
      if (value !== undefined) return value;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    throw new Error('nothing arrived');
  }

  it('pushes approvals and rejections to an open tab and keeps them for later', async () => {
    const { client, id } = await member();
    const received = await listen(client, id);
    const post = await submitted(client, { submissionType: 'x_post', postLink: newPost() });
    const follow = await submitted(client, {
      submissionType: 'follow_instagram',
      socialHandle: '@r',
    });
    await review(post.id, { status: 'approved' });
    await review(follow.id, { status: 'rejected', adminNote: 'That account does not follow us' });

    const live = await until(() => (received.length === 2 ? received : undefined));
    expect(live.map(({ kind, title }) => [kind, title])).toEqual([
      ['submission_approved', 'Submission Approved'],
      ['submission_rejected', 'Submission Rejected'],
    ]);
    expect(live[0]?.message).toBe(
      'Your X post submission was approved: 2 credits added to your balance.',
    );
    expect(live[1]?.message).toContain('Reason: That account does not follow us');

    const stored = await client.get<{ items: MemberNotification[]; unreadCount: number }>(
      '/api/notifications',
    );
    expect(stored.body.unreadCount).toBe(2);
    expect(stored.body.items.map((item) => item.id)).toEqual([live[1]?.id, live[0]?.id]);
    const marked = await client.post('/api/notifications/read', {});
    expect(marked.body).toEqual({ marked: 2 });
    expect((await client.get<{ unreadCount: number }>('/api/notifications')).body.unreadCount).toBe(
      0,
    );
    // The member's own list says why.
    const mine = await client.get<Submission[]>('/api/submissions');
    expect(mine.body.find((submission) => submission.id === follow.id)).toMatchObject({
      status: 'rejected',
      adminNotes: 'That account does not follow us',
    });
  });

  it('keeps the news for a member with no tab open, and shows it to no one else', async () => {
    const { client } = await member();
    const other = await member();
    const post = await submitted(client, { submissionType: 'x_post', postLink: newPost() });
    await review(post.id, { status: 'approved' });
    const stored = await client.get<{ items: MemberNotification[]; unreadCount: number }>(
      '/api/notifications',
    );
    expect(stored.body).toMatchObject({
      unreadCount: 1,
      items: [{ kind: 'submission_approved', readAt: null }],
    });
    const theirs = await other.client.get<{ items: MemberNotification[] }>('/api/notifications');
    expect(theirs.body.items).toEqual([]);
    expect(
      (await other.client.post('/api/notifications/read', { ids: [stored.body.items[0]?.id] }))
        .body,
    ).toEqual({ marked: 0 });
  });
});
