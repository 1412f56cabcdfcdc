// Pictures a shot may show, as a grid of buttons named by their label (a thumbnail, or the words
// themselves for a typographic shot); the one the shot shows now is pressed.
import type { StoryboardVisual, VisualCandidate } from '@shared/schemas/storyboards';
import { Check } from 'lucide-react';
import { cn } from '@/lib/cn';
import { VisualTile } from './visual-tile';

export function isShown(candidate: VisualCandidate, shown: StoryboardVisual | null): boolean {
  return shown !== null && shown.source === candidate.source && shown.id === candidate.id;
}

export function CandidateGrid({
  label,
  candidates,
  shown,
  aspectRatio,
  onChoose,
}: {
  /** Names the list ("Suggested pictures", "Search results"). */
  label: string;
  candidates: readonly VisualCandidate[];
  shown: StoryboardVisual | null;
  aspectRatio: 'landscape' | 'portrait';
  onChoose: (candidate: VisualCandidate) => void;
}) {
  return (
    <ul
      aria-label={label}
      className={cn(
        'grid gap-2',
        aspectRatio === 'portrait' ? 'grid-cols-4 sm:grid-cols-5' : 'grid-cols-3 sm:grid-cols-4',
      )}
    >
      {candidates.map((candidate) => {
        const pressed = isShown(candidate, shown);
        return (
          <li key={`${candidate.source}:${candidate.id}`} className="min-w-0">
            <button
              type="button"
              aria-pressed={pressed}
              onClick={() => onChoose(candidate)}
              className={cn(
                'group grid w-full gap-1 rounded-lg p-1 text-left outline-none transition-colors hover:bg-accent focus-visible:ring-[3px] focus-visible:ring-ring/50',
                pressed && 'bg-primary/10 ring-2 ring-primary',
              )}
            >
              <span className="relative block">
                <VisualTile
                  source={candidate.source}
                  label={candidate.label}
                  thumbnailUrl={candidate.thumbnailUrl}
                  aspectRatio={aspectRatio}
                />
                {pressed && (
                  <span
                    aria-hidden="true"
                    className="absolute top-1 right-1 flex size-5 items-center justify-center rounded-full bg-primary text-primary-foreground shadow"
                  >
                    <Check className="size-3" />
                  </span>
                )}
              </span>
              <span className="line-clamp-2 text-xs leading-snug [overflow-wrap:anywhere]">
                {candidate.label}
              </span>
              {candidate.credit && (
                <span
                  title={candidate.credit}
                  className="truncate text-[11px] text-muted-foreground"
                >
                  {candidate.credit}
                </span>
              )}
            </button>
          </li>
        );
      })}
    </ul>
  );
}
