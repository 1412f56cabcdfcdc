// The export and deleting an account with media in a bucket (a real S3-protocol server): the zip
// holds the bucket's bytes; a wrong password leaves
// every object and row; the right one leaves no object under the member's prefix, signs out their
// other session, keeps the ledger's totals and frees the email. Another member's objects stay.
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  expectAccountGone,
  ledgerTotals,
  type MemberData,
  memberState,
  memberWithData,
  readZip,
} from '../../../test/account-data';
import { TestClient } from '../../../test/http-client';
import { adminOn } from '../../../test/members';
import { startS3Server, TEST_BUCKET } from '../../../test/s3-server';
import { setUpTestServer } from '../../../test/server';

const ADMIN_EMAIL = 'account.deletion.s3.admin@example.com';
const s3 = await startS3Server();
afterAll(() => s3.close());
const test = setUpTestServer({ env: { ...s3.env, ADMIN_EMAILS: ADMIN_EMAIL } });

async function bucketKeys(prefix: string): Promise<string[]> {
  const client = new S3Client({
    endpoint: s3.settings.endpoint ?? undefined,
    region: s3.settings.region,
    forcePathStyle: true,
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
  });
  const page = await client.send(new ListObjectsV2Command({ Bucket: TEST_BUCKET, Prefix: prefix }));
  return (page.Contents ?? []).flatMap((object) => (object.Key ? [object.Key] : []));
}

let admin: TestClient;
let member: MemberData;
let other: MemberData;
beforeAll(async () => {
  ({ client: admin } = await adminOn(test, ADMIN_EMAIL));
  [member, other] = await Promise.all([
    memberWithData(test, { title: 'Harbour at dawn', folderName: 'Mine', jobName: 'Mine' }),
    memberWithData(test, { title: 'Not theirs', folderName: 'Other', jobName: 'Other' }),
  ]);
}, 180_000);

describe('deleting an account whose media is in S3', () => {
  it("exports the member's files from the bucket first", async () => {
    const response = await fetch(new URL('/api/account/export', test.server.url), {
      headers: { cookie: member.client.cookieHeader },
    });
    expect(response.status).toBe(200);
    const entries = await readZip(Buffer.from(await response.arrayBuffer()));
    const video = [...entries.keys()].find((name) => name.endsWith('.mp4'));
    expect(video).toBe(`videos/${member.video.id} - Harbour at dawn.mp4`);
    expect(entries.get(video ?? '')?.equals(member.video.bytes)).toBe(true);
    expect([...entries.keys()].filter((name) => name.startsWith('uploads/'))).toHaveLength(1);
  });

  it('changes nothing with a wrong password', async () => {
    const keys = await bucketKeys(`users/${member.id}/`);
    const before = await memberState(test, member.id);
    const wrong = await member.client.request('DELETE', '/api/account', {
      body: { password: 'not my password' },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toMatchObject({ code: 'WRONG_PASSWORD' });
    expect(await bucketKeys(`users/${member.id}/`)).toEqual(keys);
    expect(await memberState(test, member.id)).toBe(before);
  });

  it("removes every object under the member's prefix, and only theirs", async () => {
    const keys = await bucketKeys(`users/${member.id}/`);
    expect(keys.some((key) => key.endsWith('/video.mp4'))).toBe(true);
    expect(keys.some((key) => key.includes('/uploads/'))).toBe(true);
    const otherKeys = await bucketKeys(`users/${other.id}/`);
    const ledgerBefore = await ledgerTotals(test, member.id);
    const elsewhere = new TestClient(test.server.url);
    expect(
      (await elsewhere.post('/api/auth/signin', { email: member.email, password: member.password }))
        .status,
    ).toBe(200);

    const answer = await member.client.request('DELETE', '/api/account', {
      body: { password: member.password },
    });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ deleted: true });

    expect(await bucketKeys(`users/${member.id}/`)).toEqual([]);
    expect(await bucketKeys(`users/${other.id}/`)).toEqual(otherKeys);
    expect((await elsewhere.get('/api/auth/user')).status).toBe(401);
    expect(await ledgerTotals(test, member.id)).toEqual(ledgerBefore);
    await expectAccountGone(test, member, admin);
    // The other member still has everything.
    expect((await other.client.get(`/api/shared-video/${other.video.id}`)).status).toBe(200);
  });
});
