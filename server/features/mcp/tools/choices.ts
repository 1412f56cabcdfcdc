// What a member may choose from when creating: the voices (GET /api/voices) and the scene sources
// this server offers on their plan (as GET /api/client-config lists them, with the plan's rule).
import { SCENE_SOURCE_HINTS, SCENE_SOURCE_LABELS } from '../../../../shared/catalogue';
import type { VoicesResponse } from '../../../../shared/schemas/voices';
import { normalizeTier, TIER_RULES } from '../../../../shared/tiers';
import type { SceneSources } from '../../../generation/scene-sources';
import type { Voices } from '../../../voice/voices';
import { defineTool, type McpTool, scopeOfRoutes } from '../tool';

export function choiceTools(deps: {
  voices: Pick<Voices, 'list' | 'defaultVoiceId'>;
  sceneSources: Pick<SceneSources, 'offered' | 'defaultSource'>;
}): McpTool[] {
  const { voices, sceneSources } = deps;
  return [
    defineTool({
      name: 'list_voices',
      title: 'List voices',
      description:
        "The voices a video's narration can be spoken in (each id is create_video's voiceId), " +
        'with their language, and the default voice.',
      scope: scopeOfRoutes('GET /api/voices'),
      rateLimits: [],
      input: {},
      annotations: { readOnlyHint: true },
      run: async (): Promise<VoicesResponse> => ({
        voices: voices.list(),
        defaultVoiceId: voices.defaultVoiceId,
      }),
    }),
    defineTool({
      name: 'list_scene_sources',
      title: 'List scene sources',
      description:
        "Where a video's pictures may come from on this server and your plan (create_video's " +
        'sceneSource), each with what it makes, and the one used when none is chosen.',
      // GET /api/client-config lists the sources to anyone; a key reads them as videos:read, the
      // scope the issue gives scene sources.
      scope: 'videos:read',
      rateLimits: [],
      input: {},
      annotations: { readOnlyHint: true },
      run: async (_args, caller) => {
        const allowed = TIER_RULES[normalizeTier(caller.memberLevel)].sceneSources;
        return {
          sceneSources: sceneSources
            .offered()
            .filter((source) => allowed.includes(source))
            .map((source) => ({
              source,
              label: SCENE_SOURCE_LABELS[source],
              description: SCENE_SOURCE_HINTS[source],
            })),
          defaultSceneSource: sceneSources.defaultSource(),
        };
      },
    }),
  ];
}
