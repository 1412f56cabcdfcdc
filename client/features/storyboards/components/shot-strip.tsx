// A scene's shots in a row, each with the picture it will show: the member's choice, or (when they
// left it to us) the first picture offered, marked Auto. Choosing a shot opens the picture picker.
import type { StoryboardShotView, StoryboardVisual } from '@shared/schemas/storyboards';
import { Pencil } from 'lucide-react';
import { useId } from 'react';
import { cn } from '@/lib/cn';
import { VisualTile } from './visual-tile';

/** What the shot's tile shows, and whether Reelforge chose it. */
export function shotPreview(
  shot: StoryboardShotView,
  visual: StoryboardVisual | null,
): {
  source: StoryboardVisual['source'] | null;
  label: string;
  thumbnailUrl: string | null;
  auto: boolean;
} {
  if (visual) return { ...visual, auto: false };
  const first = shot.candidates[0];
  return first
    ? { source: first.source, label: first.label, thumbnailUrl: first.thumbnailUrl, auto: true }
    : { source: null, label: 'Chosen when rendered', thumbnailUrl: null, auto: true };
}

function ShotTile({
  shot,
  visual,
  aspectRatio,
}: {
  shot: StoryboardShotView;
  visual: StoryboardVisual | null;
  aspectRatio: 'landscape' | 'portrait';
}) {
  const preview = shotPreview(shot, visual);
  return (
    <span className="relative block">
      <VisualTile {...preview} aspectRatio={aspectRatio} className="border" />
      {preview.auto && (
        <span
          aria-hidden="true"
          className="absolute top-1 left-1 rounded-full bg-background/90 px-1.5 py-px font-medium text-[10px] text-foreground shadow-sm"
        >
          Auto
        </span>
      )}
    </span>
  );
}

export function ShotStrip({
  sceneNumber,
  shots,
  visualOf,
  aspectRatio,
  onPick,
  readOnly,
}: {
  sceneNumber: number;
  shots: readonly StoryboardShotView[];
  visualOf: (shot: StoryboardShotView) => StoryboardVisual | null;
  aspectRatio: 'landscape' | 'portrait';
  onPick: (shot: StoryboardShotView) => void;
  readOnly: boolean;
}) {
  const baseId = useId();
  if (shots.length === 0) {
    return (
      <p className="text-muted-foreground text-xs">
        Shots and their pictures appear once the scene has words.
      </p>
    );
  }
  return (
    <ul
      aria-label={`Scene ${sceneNumber} shots`}
      className={cn(
        'grid gap-2',
        aspectRatio === 'portrait' ? 'grid-cols-4 sm:grid-cols-6' : 'grid-cols-3 sm:grid-cols-4',
      )}
    >
      {shots.map((shot, index) => {
        const visual = visualOf(shot);
        const preview = shotPreview(shot, visual);
        const pictureId = `${baseId}-${shot.id}`;
        const words = (
          <span className="line-clamp-2 text-muted-foreground text-xs leading-snug [overflow-wrap:anywhere]">
            <span className="sr-only">Shot {index + 1}: </span>
            {shot.text}
          </span>
        );
        return (
          <li key={shot.id} className="min-w-0" data-testid="shot">
            {readOnly ? (
              <div className="grid gap-1">
                <ShotTile shot={shot} visual={visual} aspectRatio={aspectRatio} />
                {words}
                <span className="sr-only">Picture: {preview.label}.</span>
              </div>
            ) : (
              <button
                type="button"
                onClick={() => onPick(shot)}
                aria-describedby={pictureId}
                className="group grid w-full gap-1 rounded-md text-left outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50"
              >
                <span className="relative block">
                  <ShotTile shot={shot} visual={visual} aspectRatio={aspectRatio} />
                  <span
                    aria-hidden="true"
                    className="absolute right-1 bottom-1 flex size-6 items-center justify-center rounded-full bg-background/90 text-foreground opacity-0 shadow-sm transition-opacity group-hover:opacity-100 group-focus-visible:opacity-100"
                  >
                    <Pencil className="size-3" />
                  </span>
                </span>
                {words}
              </button>
            )}
            {!readOnly && (
              <span id={pictureId} className="sr-only">
                {preview.auto
                  ? `Picture chosen for you: ${preview.label}. Choose another.`
                  : `Picture: ${preview.label}. Choose another.`}
              </span>
            )}
          </li>
        );
      })}
    </ul>
  );
}
