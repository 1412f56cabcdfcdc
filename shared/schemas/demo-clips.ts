// GET /api/demo-clips: the landing page's demo clips rendered so far (the rest show a gradient).
import { z } from 'zod';

export const demoClipSchema = z.object({
  id: z.string(),
  videoSrc: z.string(),
  thumbnailSrc: z.string(),
});
export type DemoClip = z.infer<typeof demoClipSchema>;

export const demoClipsSchema = z.object({ clips: z.array(demoClipSchema) });
export type DemoClips = z.infer<typeof demoClipsSchema>;
