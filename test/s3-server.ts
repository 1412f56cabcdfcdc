// A real S3-protocol server for tests (s3rver from npm) in a fresh folder, with one bucket.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import type { S3Settings } from '../server/storage/s3-storage';

export const TEST_BUCKET = 'reelforge-test';

export async function startS3Server(): Promise<{
  settings: S3Settings;
  /** The same settings as S3_* variables, for a server under test. */
  env: Record<string, string>;
  close(): Promise<void>;
}> {
  const directory = await mkdtemp(path.join(os.tmpdir(), 'reelforge-s3-'));
  const server = new S3rver({
    port: 0,
    address: '127.0.0.1',
    silent: true,
    directory,
    configureBuckets: [{ name: TEST_BUCKET }],
  });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  const settings: S3Settings = {
    bucket: TEST_BUCKET,
    endpoint,
    region: 'us-east-1',
    // s3rver's own fixed credentials.
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
    forcePathStyle: true,
  };
  return {
    settings,
    env: {
      S3_BUCKET: TEST_BUCKET,
      S3_ENDPOINT: endpoint,
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      S3_FORCE_PATH_STYLE: 'true',
    },
    async close() {
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
