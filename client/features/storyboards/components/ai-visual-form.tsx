// "Describe an AI visual": offered when the storyboard's scenes are made by an AI model (AI video
// or AI image); the description is what the model is asked to show for this shot.
import { STORYBOARD_LIMITS, type StoryboardVisual } from '@shared/schemas/storyboards';
import { Sparkles } from 'lucide-react';
import { useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { CharacterCount } from '@/components/ui/character-count';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';

/** The scene sources whose model draws what a description asks for. */
export function offersAiVisuals(sceneSource: string): boolean {
  return sceneSource === 'ai-video' || sceneSource === 'ai-image';
}

export function AiVisualForm({
  shown,
  onDescribe,
}: {
  shown: StoryboardVisual | null;
  onDescribe: (prompt: string) => void;
}) {
  const id = useId();
  const countId = useId();
  const [prompt, setPrompt] = useState(shown?.source === 'ai' ? (shown.prompt ?? '') : '');
  const trimmed = prompt.trim();
  const tooLong = trimmed.length > STORYBOARD_LIMITS.aiPromptMax;
  return (
    <form
      className="grid gap-2"
      onSubmit={(event) => {
        event.preventDefault();
        if (trimmed && !tooLong) onDescribe(trimmed);
      }}
    >
      <div className="flex items-baseline justify-between gap-2">
        <Label htmlFor={id}>Describe an AI visual</Label>
        <CharacterCount id={countId} length={trimmed.length} max={STORYBOARD_LIMITS.aiPromptMax} />
      </div>
      <Textarea
        id={id}
        rows={2}
        value={prompt}
        aria-describedby={countId}
        aria-invalid={tooLong || undefined}
        placeholder="A fishing boat leaving a misty harbour at sunrise, seen from the pier"
        onChange={(event) => setPrompt(event.currentTarget.value)}
        className="min-h-16"
      />
      <Button type="submit" variant="outline" className="w-fit" disabled={!trimmed || tooLong}>
        <Sparkles aria-hidden="true" />
        Use this description
      </Button>
    </form>
  );
}
