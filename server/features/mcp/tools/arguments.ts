// Arguments several tools share, worded for an agent.
import { z } from 'zod';

/**
 * A library video's id as the tools answer it: `req-{n}` for a video on its way, a number for a
 * finished one (as text or a number: agents pass back what they read).
 */
export const videoIdArgument = z
  .union([z.string().trim().min(1).max(40), z.number().int()], {
    error: 'videoId must be a video id as create_video, get_video or list_videos answer it.',
  })
  .transform(String)
  .describe(
    'The video\'s id: "req-…" as create_video answers it, or the number a finished video has.',
  );
