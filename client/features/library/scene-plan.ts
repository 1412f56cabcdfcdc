// Reading a video's generatedPrompt for the Generation Prompt dialog: JSON text with a scenes
// array, or (for older videos) plain text. Anything else shows as the text it is.
import type { StoryboardScene } from '@shared/schemas/videos';

export type GenerationPrompt =
  | { kind: 'plan'; title: string | null; scenes: StoryboardScene[] }
  | { kind: 'text'; text: string };

function asScene(value: unknown, index: number): StoryboardScene | null {
  if (!value || typeof value !== 'object') return null;
  const entry = value as Record<string, unknown>;
  const text = (key: string) => (typeof entry[key] === 'string' ? (entry[key] as string) : '');
  return {
    number: typeof entry.number === 'number' ? entry.number : index + 1,
    prompt: text('prompt'),
    // Plans stored before narration and visual existed hold only caption and prompt.
    narration: text('narration') || text('caption'),
    visual: text('visual') || text('prompt'),
    caption: text('caption') || text('narration'),
    camera: text('camera'),
    mood: text('mood'),
    durationSeconds: typeof entry.durationSeconds === 'number' ? entry.durationSeconds : 0,
  };
}

export function parseGenerationPrompt(raw: string | null | undefined): GenerationPrompt | null {
  if (!raw?.trim()) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return { kind: 'text', text: raw };
  }
  if (typeof parsed === 'string') return { kind: 'text', text: parsed };
  if (
    parsed &&
    typeof parsed === 'object' &&
    Array.isArray((parsed as { scenes?: unknown }).scenes)
  ) {
    const plan = parsed as { title?: unknown; scenes: unknown[] };
    const scenes = plan.scenes.flatMap((scene, index) => asScene(scene, index) ?? []);
    return { kind: 'plan', title: typeof plan.title === 'string' ? plan.title : null, scenes };
  }
  return { kind: 'text', text: raw };
}

/** What the Copy button puts on the clipboard: readable lines, not the raw JSON. */
export function generationPromptText(prompt: GenerationPrompt): string {
  if (prompt.kind === 'text') return prompt.text;
  const lines = prompt.title ? [prompt.title, ''] : [];
  for (const scene of prompt.scenes) {
    lines.push(`Scene ${scene.number}: ${scene.prompt}`);
    if (scene.caption) lines.push(`Caption: ${scene.caption}`);
    if (scene.camera) lines.push(`Camera: ${scene.camera}`);
    if (scene.mood) lines.push(`Mood: ${scene.mood}`);
    if (scene.durationSeconds) lines.push(`Duration: ${scene.durationSeconds}s`);
    lines.push('');
  }
  return lines.join('\n').trim();
}
