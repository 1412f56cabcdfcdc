// Admin Tools on the real server and database: every admin route refused to members and visitors
// with nothing changed, credit grants with the spec's messages, the member picker, and the CSV
// exports checked byte by byte.
import { beforeAll, describe, expect, it } from 'vitest';
import type { PickerUser } from '../../../shared/schemas/admin';
import { signUp, TestClient, uniqueEmail } from '../../../test/http-client';
import { adminOn } from '../../../test/members';
import { setUpTestServer } from '../../../test/server';

const ADMIN_EMAIL = uniqueEmail('admin');
const test = setUpTestServer({ env: { ROLES: 'api', ADMIN_EMAILS: ADMIN_EMAIL } });

let admin: TestClient;
let adminId: string;

beforeAll(async () => {
  ({ client: admin, id: adminId } = await adminOn(test, ADMIN_EMAIL, { firstName: 'Ada' }));
});

async function member(names: { firstName?: string; lastName?: string; email?: string } = {}) {
  const client = new TestClient(test.server.url);
  const { user, email } = await signUp(client, names);
  // Verified, so their proofs are taken.
  await test.sql.query('update users set email_verified = true where id = $1', [user.id]);
  return { client, id: user.id as string, email };
}

async function tableCounts() {
  const { rows } = await test.sql.query(`
    select (select count(*) from credit_ledger)::int as ledger,
           (select coalesce(sum(bonus_credits), 0) from credit_balances)::int as bonus,
           (select count(*) from submissions where status <> 'pending')::int as reviewed,
           (select string_agg(member_level, ',' order by id) from users) as plans`);
  return rows[0];
}

describe('admin routes refuse members (403) and visitors (401), changing nothing', () => {
  let targetId: string;
  let submissionId: number;
  beforeAll(async () => {
    const target = await member();
    targetId = target.id;
    const response = await target.client.post<{ id: number }>('/api/submissions', {
      submissionType: 'follow_x',
      socialHandle: '@target',
    });
    submissionId = response.body.id;
  });

  const routes = (): [string, string, unknown][] => [
    ['GET', '/api/users', undefined],
    ['GET', '/api/users?search=a', undefined],
    ['GET', '/api/admin/submissions', undefined],
    ['GET', '/api/admin/submissions?status=pending', undefined],
    ['PATCH', `/api/admin/submissions/${submissionId}`, { status: 'approved' }],
    ['PATCH', `/api/admin/submissions/${submissionId}`, { status: 'rejected' }],
    ['POST', '/api/admin/grant-credits', { userId: targetId, amount: 50, description: 'Gift' }],
    ['POST', '/api/admin/grant-credits', {}],
    ['PATCH', `/api/admin/users/${targetId}/plan`, { memberLevel: 'Elite' }],
    ['GET', '/api/admin/export/members', undefined],
    ['GET', '/api/admin/export/earnings', undefined],
    ['GET', '/api/admin/export/video-jobs', undefined],
    ['GET', '/api/admin/export/video-requests', undefined],
    ['GET', '/api/admin/export/secrets', undefined],
  ];

  it('for every admin route', async () => {
    const { client: someone } = await member();
    const visitor = new TestClient(test.server.url);
    const before = await tableCounts();
    for (const [method, path, body] of routes()) {
      const asMember = await someone.request(method, path, { body });
      expect([method, path, asMember.status]).toEqual([method, path, 403]);
      expect(asMember.body).toMatchObject({ code: 'FORBIDDEN', message: 'Admin access required.' });
      const asVisitor = await visitor.request(method, path, { body });
      expect([method, path, asVisitor.status]).toEqual([method, path, 401]);
    }
    expect(await tableCounts()).toEqual(before);
  });
});

describe('POST /api/admin/grant-credits', () => {
  it.each([
    [{ amount: 5, description: 'Gift' }, 'Please select a user'],
    [{ userId: '', amount: 5, description: 'Gift' }, 'Please select a user'],
    [{ userId: 'TARGET', amount: 0, description: 'Gift' }, 'Amount must be at least 1 credit'],
    [{ userId: 'TARGET', amount: -3, description: 'Gift' }, 'Amount must be at least 1 credit'],
    [{ userId: 'TARGET', description: 'Gift' }, 'Amount must be at least 1 credit'],
    [
      { userId: 'TARGET', amount: 2.5, description: 'Gift' },
      'Amount must be a whole number of credits',
    ],
    [{ userId: 'TARGET', amount: 5 }, 'Description is required'],
    [{ userId: 'TARGET', amount: 5, description: '   ' }, 'Description is required'],
    [
      { userId: 'TARGET', amount: 5, description: 'x'.repeat(51) },
      'Description must be 50 characters or less',
    ],
    [
      { userId: 'TARGET', amount: 5, description: 'Gift', transactionType: 'purchase' },
      "transactionType must be 'earn'.",
    ],
  ])('refuses %j with %j and grants nothing', async (body, message) => {
    const target = await member();
    const payload = { ...body } as Record<string, unknown>;
    if (payload.userId === 'TARGET') payload.userId = target.id;
    const before = await tableCounts();
    const response = await admin.post('/api/admin/grant-credits', payload);
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ code: 'VALIDATION_ERROR', message });
    expect(await tableCounts()).toEqual(before);
  });

  it('answers 404 for an unknown member', async () => {
    const response = await admin.post('/api/admin/grant-credits', {
      userId: 'nobody-here',
      amount: 5,
      description: 'Gift',
    });
    expect(response.status).toBe(404);
    expect(response.body).toMatchObject({ message: 'User not found' });
  });

  it('adds bonus credits with an earn entry the member sees, once per Idempotency-Key', async () => {
    const target = await member();
    const before = (await target.client.get<{ remainingCredits: number }>('/api/credits')).body;
    const body = {
      userId: target.id,
      amount: 25,
      description: 'Thanks for the bug report',
      transactionType: 'earn',
    };
    const headers = { 'idempotency-key': 'grant-key-0001' };
    const granted = await admin.post('/api/admin/grant-credits', body, headers);
    expect(granted.status).toBe(201);
    expect(granted.body).toMatchObject({ userId: target.id, amount: 25, granted: true });
    // The same submission retried after a network error grants nothing more.
    const retried = await admin.post('/api/admin/grant-credits', body, headers);
    expect(retried.status).toBe(200);
    expect(retried.body).toMatchObject({ granted: false });

    const after = (await target.client.get<{ remainingCredits: number }>('/api/credits')).body;
    expect(after.remainingCredits).toBe((before.remainingCredits ?? 0) + 25);
    const ledger = await target.client.get<Record<string, unknown>[]>(
      '/api/credits/ledger?type=earn&limit=5',
    );
    expect(ledger.body).toEqual([
      expect.objectContaining({
        amount: 25,
        transactionType: 'earn',
        description: 'Thanks for the bug report',
      }),
    ]);
    const { rows } = await test.sql.query(
      "select reference, bucket from credit_ledger where user_id = $1 and transaction_type = 'earn'",
      [target.id],
    );
    expect(rows).toEqual([{ reference: `grant:${adminId}:grant-key-0001`, bucket: 'bonus' }]);
    const notes = await target.client.get<{ items: { kind: string; message: string }[] }>(
      '/api/notifications',
    );
    expect(notes.body.items[0]).toMatchObject({
      kind: 'credits_granted',
      message: '25 credits added to your balance: Thanks for the bug report',
    });
  });

  it('accepts a description of exactly 50 characters and grants without a key each time', async () => {
    const target = await member();
    const body = { userId: target.id, amount: 1, description: 'y'.repeat(50) };
    expect((await admin.post('/api/admin/grant-credits', body)).status).toBe(201);
    expect((await admin.post('/api/admin/grant-credits', body)).status).toBe(201);
    const { rows } = await test.sql.query(
      'select bonus_credits from credit_balances where user_id = $1',
      [target.id],
    );
    expect(rows[0].bonus_credits).toBe(2);
  });
});

describe('GET /api/users (the member picker)', () => {
  it('finds members by any part of their name or email, newest first', async () => {
    const tag = `zq${Date.now().toString(36)}`;
    const grace = await member({ firstName: 'Grace', lastName: `Hopper${tag}` });
    const alan = await member({ firstName: 'Alan', lastName: `Turing${tag}` });
    const byEmail = await member({ firstName: 'Kay', email: `kay.${tag}@example.com` });

    const found = await admin.get<PickerUser[]>(`/api/users?search=${tag}`);
    expect(found.status).toBe(200);
    expect(found.body.map((user) => user.id)).toEqual([byEmail.id, alan.id, grace.id]);
    expect(found.body[1]).toEqual({
      id: alan.id,
      firstName: 'Alan',
      lastName: `Turing${tag}`,
      email: alan.email,
      memberLevel: 'Free',
      hasSubscription: false,
    });
    // Case does not matter, and every word must match somewhere.
    const grace2 = await admin.get<PickerUser[]>(`/api/users?search=GRACE%20${tag.toUpperCase()}`);
    expect(grace2.body.map((user) => user.id)).toEqual([grace.id]);
    const none = await admin.get<PickerUser[]>(`/api/users?search=${tag}%25`);
    expect(none.body).toEqual([]);
  });

  it('pages with limit and a next link', async () => {
    const tag = `pg${Date.now().toString(36)}`;
    const made = [];
    for (let index = 0; index < 3; index += 1) made.push(await member({ lastName: tag }));
    const first = await admin.get<PickerUser[]>(`/api/users?search=${tag}&limit=2`);
    expect(first.body.map((user) => user.id)).toEqual([made[2]?.id, made[1]?.id]);
    const next = /<([^>]+)>; rel="next"/.exec(first.headers.get('link') ?? '')?.[1];
    expect(next).toBeDefined();
    const second = await admin.get<PickerUser[]>(next as string);
    expect(second.body.map((user) => user.id)).toEqual([made[0]?.id]);
    expect(second.headers.get('link')).toBeNull();
    expect((await admin.get('/api/users?limit=500')).status).toBe(400);
  });

  it('answers the newest members without a search', async () => {
    const newest = await member();
    const page = await admin.get<PickerUser[]>('/api/users');
    expect(page.body[0]?.id).toBe(newest.id);
    expect(page.body.length).toBeLessThanOrEqual(20);
    // Enough to find and tell members apart, and their plan for the row's plan control.
    expect(Object.keys(page.body[0] ?? {}).sort()).toEqual([
      'email',
      'firstName',
      'hasSubscription',
      'id',
      'lastName',
      'memberLevel',
    ]);
  });
});

describe('CSV exports', () => {
  async function csv(kind: string) {
    const response = await fetch(new URL(`/api/admin/export/${kind}`, test.server.url), {
      headers: { cookie: admin.cookieHeader },
    });
    return { response, text: await response.text() };
  }

  it('answers each export as a CSV attachment with its file name', async () => {
    for (const kind of ['members', 'earnings', 'video-jobs', 'video-requests']) {
      const { response, text } = await csv(kind);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
      expect(response.headers.get('content-disposition')).toBe(
        `attachment; filename="${kind}-export.csv"`,
      );
      expect(text.split('\r\n')[0]).toMatch(/^id,/);
    }
    expect((await csv('everything')).response.status).toBe(400);
  });

  it('quotes per RFC 4180 and neutralises formulas, on the bytes', async () => {
    const target = await member({
      firstName: '=HYPERLINK("http://evil.example")',
      lastName: 'O"Neil, Jr.',
    });
    await admin.post('/api/admin/grant-credits', {
      userId: target.id,
      amount: 3,
      description: '+1 for "you", @team',
    });
    await admin.post('/api/admin/grant-credits', {
      userId: target.id,
      amount: 4,
      description: '-ten\nlines',
    });

    const members = (await csv('members')).text;
    const row = members.split('\r\n').find((line) => line.startsWith(`${target.id},`));
    expect(row).toBe(
      `${target.id},${target.email},"'=HYPERLINK(""http://evil.example"")","O""Neil, Jr.",Free,,17,7,${row?.split(',').at(-3)},,${row?.split(',').at(-1)}`,
    );
    expect(members.endsWith('\r\n')).toBe(true);

    const earnings = (await csv('earnings')).text;
    expect(earnings.split('\r\n')[0]).toBe(
      'id,createdAt,userId,email,amount,source,description,submissionId,grantedBy',
    );
    expect(earnings).toContain(
      `,${target.id},${target.email},3,grant,"'+1 for ""you"", @team",,${ADMIN_EMAIL}\r\n`,
    );
    // A line break inside a field is quoted, and a leading minus in text is neutralised.
    expect(earnings).toContain(
      `,${target.id},${target.email},4,grant,"'-ten\nlines",,${ADMIN_EMAIL}\r\n`,
    );
  });

  it('writes negative numbers as numbers', async () => {
    const target = await member();
    await test.sql.query(
      "insert into credit_ledger (user_id, amount, transaction_type, bucket, description, reference) values ($1, -2, 'earn', 'bonus', 'Correction', 'grant:x:neg')",
      [target.id],
    );
    const earnings = (await csv('earnings')).text;
    expect(earnings).toContain(`,${target.id},${target.email},-2,grant,Correction,,\r\n`);
  });
});
