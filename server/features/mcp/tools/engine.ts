// Creator Engine jobs: list them and make one (GET and POST /api/video-jobs), with the job form's
// schema and its rules.
import { videoJobSchema } from '../../../../shared/schemas/jobs';
import type { EngineService } from '../../engine';
import { defineTool, type McpTool, scopeOfRoutes } from '../tool';

export function engineTools({ engine }: { engine: EngineService }): McpTool[] {
  return [
    defineTool({
      name: 'list_jobs',
      title: 'List Creator Engine jobs',
      description:
        'Your Creator Engine jobs: each makes videos on a schedule from a brand brief (Pro and Elite).',
      scope: scopeOfRoutes('GET /api/video-jobs'),
      rateLimits: [],
      input: {},
      annotations: { readOnlyHint: true },
      run: (_args, caller) => engine.list(caller),
    }),
    defineTool({
      name: 'create_job',
      title: 'Create a Creator Engine job',
      description:
        'Makes a Creator Engine job (Pro and Elite) as the job form does: a name, a frequency, ' +
        'scenes and an aspect ratio, and either the guided brief (brandDescription, ' +
        'focusFeatures, filmStyle, dynamicSet) or advancedMode with a masterPrompt. isActive ' +
        'false keeps it paused.',
      scope: scopeOfRoutes('POST /api/video-jobs'),
      rateLimits: [],
      // The form's fields for the agent; the whole-form rules (which fields each mode needs) are
      // the schema's own, checked when the call runs.
      input: videoJobSchema.in.shape,
      run: (args, caller) => engine.create(caller, videoJobSchema.parse(args)),
    }),
  ];
}
