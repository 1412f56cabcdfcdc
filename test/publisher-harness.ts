// What the publishers' tests share: a stored video made of a Buffer, a publication's saved
// checkpoints as the worker keeps them between steps, stepping until published, and the
// PlatformError a call fails with, checked to carry no secret anywhere.
import { Readable } from 'node:stream';
import { expect } from 'vitest';
import { PlatformError } from '../server/features/publishing/platforms/platform';
import type {
  PostDetails,
  PublishCheckpoint,
  PublishedFile,
  Publisher,
  PublishInput,
  PublishStep,
} from '../server/features/publishing/platforms/publisher';

/** A video file whose bytes are `bytes` (ranges sliced from it). */
export function bufferFile(
  bytes: Buffer,
  shape: Pick<PublishedFile, 'durationSeconds' | 'aspectRatio' | 'publicUrl'>,
  extra: Partial<PublishedFile> = {},
): PublishedFile {
  return {
    bytes: bytes.length,
    contentType: 'video/mp4',
    read: async (range) =>
      Readable.from([range ? bytes.subarray(range.start, range.end + 1) : bytes]),
    ...shape,
    ...extra,
  };
}

/** A publication's saved state, as the service keeps it between steps. */
export type Saved = {
  checkpoint: PublishCheckpoint | null;
  saves: PublishCheckpoint[];
  /** The uploaded byte counts saved with the checkpoints. */
  bytes: number[];
};

export function freshSaved(): Saved {
  return { checkpoint: null, saves: [], bytes: [] };
}

export type StepExtra = Partial<PublishInput> & {
  /** Makes a save throw (the publication cancelled, the worker gone) when it answers true. */
  failSave?: (checkpoint: PublishCheckpoint) => boolean;
};

/** One step's input, saving into `saved` as the worker saves into the database. */
export function stepInput(
  account: { accessToken: string; accountId: string; accountName: string; post: PostDetails },
  saved: Saved,
  file: PublishedFile,
  extra: StepExtra = {},
): PublishInput {
  const { failSave, ...rest } = extra;
  return {
    ...account,
    file,
    checkpoint: saved.checkpoint,
    save: async (checkpoint, uploadedBytes) => {
      if (failSave?.(checkpoint)) throw new Error('publication cancelled');
      saved.checkpoint = checkpoint;
      saved.saves.push(checkpoint);
      if (uploadedBytes !== undefined) saved.bytes.push(uploadedBytes);
    },
    signal: new AbortController().signal,
    ...rest,
  };
}

/**
 * Steps until published, as the worker does, keeping each processing step's checkpoint (and,
 * with `wait`, waiting the pause the step asked for).
 */
export async function stepUntilPublished(
  publisher: Publisher,
  input: () => PublishInput,
  saved: Saved,
  options: { maxSteps?: number; wait?: boolean } = {},
): Promise<Extract<PublishStep, { state: 'published' }>> {
  for (let steps = 0; steps < (options.maxSteps ?? 10); steps += 1) {
    const step = await publisher.step(input());
    if (step.state === 'published') return step;
    saved.checkpoint = step.checkpoint;
    if (options.wait) await new Promise((resolve) => setTimeout(resolve, step.pollAfterMs));
  }
  throw new Error('never published');
}

/** The PlatformError a promise rejects with, checked to carry none of `secrets` anywhere. */
export async function caughtPlatformError(
  promise: Promise<unknown>,
  secrets: string[],
): Promise<PlatformError> {
  const error = await promise.then(
    () => null,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(PlatformError);
  const serialized = [
    (error as PlatformError).message,
    JSON.stringify(error, Object.getOwnPropertyNames(error)),
    JSON.stringify((error as PlatformError).details),
    String((error as PlatformError).cause),
  ].join('\n');
  for (const secret of secrets) {
    expect(secret.length).toBeGreaterThan(8);
    expect(serialized).not.toContain(secret);
  }
  return error as PlatformError;
}
