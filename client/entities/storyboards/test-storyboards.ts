// Storyboard fixtures for tests of the editor, Create and the library's drafts: a Pro member's
// two-scene harbour storyboard, its first scene cut into two shots and its second into one.
import type {
  StoryboardSceneView,
  StoryboardSummary,
  StoryboardView,
} from '@shared/schemas/storyboards';

export function makeStoryboardScene(
  number: number,
  narration: string,
  shots: { id: string; text: string }[],
): StoryboardSceneView {
  return {
    number,
    narration,
    fitSeconds: 5.2,
    fits: true,
    shots: shots.map((shot, index) => ({
      id: shot.id,
      text: shot.text,
      start: index * 2,
      end: index * 2 + 2,
      visual: null,
      candidates: [
        {
          source: 'picture',
          id: 'anchor',
          thumbnailUrl: '/api/scene-pictures/anchor.svg',
          label: 'Anchor (harbour)',
          credit: null,
        },
        {
          source: 'picture',
          id: 'sailboat',
          thumbnailUrl: '/api/scene-pictures/sailboat.svg',
          label: 'Sailboat (boats)',
          credit: null,
        },
        {
          source: 'typographic',
          id: `type:${shot.text}`,
          thumbnailUrl: null,
          label: shot.text,
          credit: null,
        },
      ],
    })),
  };
}

export function makeStoryboard(overrides: Partial<StoryboardView> = {}): StoryboardView {
  return {
    id: 7,
    updatedAt: '2026-05-01T10:00:00.000Z',
    createdAt: '2026-05-01T09:59:00.000Z',
    status: 'draft',
    title: 'Harbour at dawn',
    description: 'Fishing boats slip out of a quiet harbour at dawn.',
    aspectRatio: 'landscape',
    sceneSource: 'offline',
    watermark: false,
    voiceId: 'en-us-ava',
    voiceSpeed: 1,
    captionStyle: 'karaoke',
    music: { enabled: true, mood: 'auto' },
    maxScenes: 2,
    videoId: null,
    requestId: null,
    scenes: [
      makeStoryboardScene(1, 'Fishing boats slip out. Gulls circle the masts.', [
        { id: 's1', text: 'Fishing boats slip out.' },
        { id: 's2', text: 'Gulls circle the masts.' },
      ]),
      makeStoryboardScene(2, 'The town wakes up.', [{ id: 's3', text: 'The town wakes up.' }]),
    ],
    ...overrides,
  };
}

export function makeStoryboardSummary(
  overrides: Partial<StoryboardSummary> = {},
): StoryboardSummary {
  return {
    id: 7,
    title: 'Harbour at dawn',
    scenes: 2,
    aspectRatio: 'landscape',
    thumbnailUrl: '/api/scene-pictures/anchor.svg',
    videoId: null,
    updatedAt: '2026-05-01T10:00:00.000Z',
    ...overrides,
  };
}
