// publish_video: a finished video to the member's connected platforms (POST /api/videos/{id}/publish).
import { publishVideoSchema } from '../../../../shared/schemas/publishing';
import type { PublicationsService } from '../../publishing';
import { defineTool, type McpTool, scopeOfRoutes } from '../tool';
import { videoIdArgument } from './arguments';

export function publishingTools({
  publications,
}: {
  publications: PublicationsService;
}): McpTool[] {
  return [
    defineTool({
      name: 'publish_video',
      title: 'Publish a video',
      description:
        'Publishes a finished video to platforms connected in Profile → Connections (youtube, ' +
        'tiktok, instagram). Title, description and hashtags default to the video’s own. ' +
        'Answers a publication per platform; each is uploaded in the background.',
      scope: scopeOfRoutes('POST /api/videos/:id/publish'),
      rateLimits: ['publish'],
      input: { videoId: videoIdArgument, ...publishVideoSchema.shape },
      annotations: { openWorldHint: true },
      run: ({ videoId, ...input }, caller) => publications.publish(caller, videoId, input),
    }),
  ];
}
