// Tools for a member's videos: create one (all of Create's options), upload a picture for it,
// read one until it is done, and page through the library. Each is the call the REST route makes.
import { Readable } from 'node:stream';
import { z } from 'zod';
import { LIMITS } from '../../../../shared/limits';
import {
  createVideoRequestSchema,
  VIDEO_PAGE_MAX,
  videoPageQuerySchema,
} from '../../../../shared/schemas/videos';
import { ValidationFailed } from '../../../errors';
import { idempotencyHeaders } from '../../../http/idempotency';
import type { EngineRunner } from '../../engine';
import type { UploadsService } from '../../uploads';
import type { VideosService } from '../../videos';
import { defineTool, type McpTool, scopeOfRoutes } from '../tool';
import { videoIdArgument } from './arguments';

/** A page of the library for an agent: smaller than the route's 50, each entry being long. */
const AGENT_PAGE_SIZE = 20;

/** The longest base64 text of an image the upload takes (4 characters per 3 bytes). */
export const IMAGE_BASE64_MAX = Math.ceil(LIMITS.imageMaxBytes / 3) * 4;
const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;
const DATA_URL_PREFIX = /^data:[\w.+-]+\/[\w.+-]+;base64,/;
const IMAGE_DATA_MESSAGE = 'The image must be base64 text (or a data: URL holding base64).';
const NO_IMAGE_MESSAGE = 'Please choose an image to upload.';

const fields = createVideoRequestSchema.shape;
const createInput = {
  title: fields.title.describe('The title (at most 100 characters).'),
  description: fields.description.describe(
    'What the video is about: its narration is written from this (at most 1500 characters).',
  ),
  aspectRatio: fields.aspectRatio.describe('landscape (16:9) or portrait (9:16).'),
  scenes: fields.scenes.describe(
    "How many 8-second scenes (default 1; at most the plan's: Free 1, Pro 2, Elite 4).",
  ),
  sceneSource: fields.sceneSource.describe(
    "Where the scenes' pictures come from (list_scene_sources); absent: the server's default.",
  ),
  sourceImageUrl: fields.sourceImageUrl.describe(
    'The url upload_image answered, to show your own picture. Only your own uploads are taken: ' +
      'any other address is refused, never fetched.',
  ),
  sceneImageUrls: fields.sceneImageUrls.describe(
    'One uploaded picture per scene, in order (urls upload_image answered), for the upload source.',
  ),
  watermark: fields.watermark.describe(
    'false removes the watermark (Pro and Elite). Default true.',
  ),
  voiceId: fields.voiceId.describe(
    'A voice id from list_voices, or null for no narration; absent: your default voice.',
  ),
  voiceSpeed: fields.voiceSpeed.describe('Speaking speed, 0.75 to 1.5; absent: your default.'),
  captionStyle: fields.captionStyle.describe('karaoke, pop or minimal; absent: your default.'),
  jobId: fields.jobId.describe(
    'Instead of the fields above: run this Creator Engine job now (Elite), as its Run Now does. ' +
      'The fields above are still checked but the job decides the video.',
  ),
  idempotencyKey: idempotencyHeaders.shape['idempotency-key'].describe(
    'Optional, new for each video (8 to 100 letters, digits, - or _): a call retried with the ' +
      'same key answers the first video instead of making and charging another.',
  ),
};

const pageFields = videoPageQuerySchema.shape;
const listInput = {
  limit: pageFields.limit.describe(
    `How many entries (1 to ${VIDEO_PAGE_MAX}; default ${AGENT_PAGE_SIZE}).`,
  ),
  cursor: pageFields.cursor,
  q: pageFields.q,
  folder: pageFields.folder,
};

/** An image's bytes from base64 text, or a data: URL an agent may hand over instead. */
function imageBytes(data: string): Buffer {
  const base64 = data.trim().replace(DATA_URL_PREFIX, '').replace(/\s+/g, '');
  if (!BASE64.test(base64) || base64.length % 4 === 1) {
    throw new ValidationFailed(IMAGE_DATA_MESSAGE, 'data');
  }
  const bytes = Buffer.from(base64, 'base64');
  if (bytes.length === 0) throw new ValidationFailed(NO_IMAGE_MESSAGE, 'data');
  return bytes;
}

export function videoTools(deps: {
  videos: VideosService;
  engineRunner: EngineRunner;
  uploads: UploadsService;
}): McpTool[] {
  const { videos, engineRunner, uploads } = deps;
  return [
    defineTool({
      name: 'create_video',
      title: 'Create a video',
      description:
        'Queues a narrated short video from a title and a description, with all of the Create ' +
        'form\'s options, and charges 1 credit. Answers at once with the video\'s id ("req-…") ' +
        'and status "queued": call get_video with the id until it is completed or failed.',
      scope: scopeOfRoutes('POST /api/video-creation-requests'),
      rateLimits: ['create'],
      input: createInput,
      run: ({ idempotencyKey, ...input }, caller) =>
        input.jobId === undefined
          ? videos.create(caller, input, idempotencyKey ?? null)
          : engineRunner.runNow(caller, input.jobId),
    }),
    defineTool({
      name: 'get_video',
      title: 'Get a video',
      description:
        'One video of your library as the library lists it: status (queued, processing, ' +
        'completed, failed), progress 0–100, and once completed its videoUrl, thumbnailUrl and ' +
        'duration; errorMessage when it failed. Takes the "req-…" id create_video answered, ' +
        'which keeps naming the video once it is finished.',
      scope: scopeOfRoutes('GET /api/videos'),
      rateLimits: [],
      input: { videoId: videoIdArgument },
      annotations: { readOnlyHint: true },
      run: ({ videoId }, caller) => videos.find(caller.id, videoId),
    }),
    defineTool({
      name: 'list_videos',
      title: 'List videos',
      description:
        'A page of your library, newest first: videos on their way and finished ones. Search ' +
        'titles and descriptions with q; pass nextCursor as cursor for the next page.',
      scope: scopeOfRoutes('GET /api/videos'),
      rateLimits: [],
      input: listInput,
      annotations: { readOnlyHint: true },
      run: ({ limit, cursor, q, folder }, caller) =>
        videos.page(caller.id, { limit: limit ?? AGENT_PAGE_SIZE, cursor, q, folder }),
    }),
    defineTool({
      name: 'upload_image',
      title: 'Upload an image',
      description:
        `Stores a JPEG, PNG or GIF picture (at most ${LIMITS.imageMaxBytes / 1024 / 1024} MB), ` +
        'sent as base64, among your uploads, and answers its url for create_video ' +
        '(sourceImageUrl, sceneImageUrls) or remix_scene. Its type is read from its bytes.',
      scope: scopeOfRoutes('POST /api/upload-image'),
      rateLimits: ['upload'],
      input: {
        data: z
          .string({ error: NO_IMAGE_MESSAGE })
          .min(1, NO_IMAGE_MESSAGE)
          // A data: URL's prefix on top of the largest image's base64.
          .max(IMAGE_BASE64_MAX + 100, 'File too large')
          .describe('The image file, base64-encoded (a data:image/…;base64, URL is taken too).'),
      },
      // The same checks as the multipart route: the bytes arrive whole, so nothing is cut off.
      run: ({ data }, caller) =>
        uploads.storeImage(
          caller,
          Readable.from([imageBytes(data)], { objectMode: false }),
          () => false,
        ),
    }),
  ];
}
