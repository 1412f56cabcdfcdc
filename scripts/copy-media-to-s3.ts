// One-shot: copies a local media folder into the S3 bucket the S3_* settings name (docs/storage.md).
// Usage: S3_BUCKET=… [S3_ENDPOINT=… S3_ACCESS_KEY_ID=… S3_SECRET_ACCESS_KEY=…] npm run media:copy-to-s3 [folder]
import path from 'node:path';
import { ConfigError, parseConfig } from '../server/config';
import { copyMediaFolder } from '../server/storage/copy-media';
import { S3Storage } from '../server/storage/s3-storage';

const print = (line: string) => process.stdout.write(`${line}\n`);

try {
  const config = parseConfig();
  if (!config.s3)
    throw new ConfigError('S3_BUCKET must be set: the bucket to copy the media into.');
  const folder = path.resolve(process.argv[2] ?? path.join(config.dataDir, 'media'));
  print(`Copying ${folder} into s3://${config.s3.bucket} …`);
  const totals = await copyMediaFolder(folder, new S3Storage(config.s3), print);
  print(
    `Done: ${totals.copied} copied (${(totals.bytes / 1024 / 1024).toFixed(1)} MB), ${totals.skipped} already there.`,
  );
} catch (error) {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
}
