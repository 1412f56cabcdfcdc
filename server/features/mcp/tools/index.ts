// Every MCP tool, each a thin call of the service its REST route calls.
import type { CreditsService } from '../../credits';
import type { EngineRunner, EngineService } from '../../engine';
import type { PublicationsService } from '../../publishing';
import type { StoryboardsService } from '../../storyboards';
import type { UploadsService } from '../../uploads';
import type { VideosService } from '../../videos';
import type { McpTool } from '../tool';
import { choiceTools } from './choices';
import { creditTools } from './credits';
import { engineTools } from './engine';
import { publishingTools } from './publishing';
import { remixTools } from './remix';
import { videoTools } from './videos';

export type ToolServices = Parameters<typeof choiceTools>[0] & {
  videos: VideosService;
  engineRunner: EngineRunner;
  uploads: UploadsService;
  storyboards: StoryboardsService;
  engine: EngineService;
  publications: PublicationsService;
  credits: CreditsService;
};

export function mcpTools(services: ToolServices): McpTool[] {
  return [
    ...videoTools(services),
    ...remixTools(services),
    ...choiceTools(services),
    ...engineTools(services),
    ...publishingTools(services),
    ...creditTools(services),
  ];
}
