// The picture picker for one shot: the pictures offered for its words, a search, the member's own
// image or clip (and where the clip starts), a description for an AI model (when the scene source
// has one), or "Let Reelforge choose". Choosing closes it; the editor saves the choice.
import type {
  StoryboardShotView,
  StoryboardVisual,
  VisualCandidate,
} from '@shared/schemas/storyboards';
import { Check, Wand2 } from 'lucide-react';
import { useId } from 'react';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import type { VisualChoice } from '../storyboard-draft';
import { AiVisualForm, offersAiVisuals } from './ai-visual-form';
import { CandidateGrid } from './candidate-grid';
import { ClipStartForm } from './clip-start-form';
import { OwnVisualUploads } from './own-visual-uploads';
import { VisualSearch } from './visual-search';

/** A candidate as the member's choice: what the PATCH sends, and what the shot shows meanwhile. */
export function choiceOf(candidate: VisualCandidate): VisualChoice {
  return {
    input: { source: candidate.source, id: candidate.id },
    shown: {
      source: candidate.source,
      id: candidate.id,
      label: candidate.label,
      thumbnailUrl: candidate.thumbnailUrl,
    },
  };
}

export type PickerTarget = {
  sceneNumber: number;
  shotNumber: number;
  shot: StoryboardShotView;
  shown: StoryboardVisual | null;
};

export function PicturePickerDialog({
  target,
  storyboardId,
  sceneSource,
  aspectRatio,
  onChoose,
  onClose,
}: {
  /** The shot being pictured; null while closed. */
  target: PickerTarget | null;
  storyboardId: number;
  sceneSource: string;
  aspectRatio: 'landscape' | 'portrait';
  onChoose: (shotId: string, choice: VisualChoice) => void;
  onClose: () => void;
}) {
  return (
    <Dialog open={target !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-w-2xl" data-testid="picture-picker">
        {target && (
          <PickerBody
            target={target}
            storyboardId={storyboardId}
            sceneSource={sceneSource}
            aspectRatio={aspectRatio}
            onChoose={(choice) => onChoose(target.shot.id, choice)}
          />
        )}
      </DialogContent>
    </Dialog>
  );
}

function PickerBody({
  target,
  storyboardId,
  sceneSource,
  aspectRatio,
  onChoose,
}: {
  target: PickerTarget;
  storyboardId: number;
  sceneSource: string;
  aspectRatio: 'landscape' | 'portrait';
  onChoose: (choice: VisualChoice) => void;
}) {
  const { shot, shown } = target;
  const suggestedId = useId();
  const pick = (candidate: VisualCandidate) => onChoose(choiceOf(candidate));
  return (
    <>
      <DialogHeader className="pr-6">
        <DialogTitle>Choose a picture</DialogTitle>
        <DialogDescription className="[overflow-wrap:anywhere]">
          Scene {target.sceneNumber}, shot {target.shotNumber}: “{shot.text}”
        </DialogDescription>
      </DialogHeader>

      <div className="flex flex-wrap items-center gap-2">
        <Button
          variant="outline"
          aria-pressed={shown === null}
          onClick={() => onChoose({ input: null, shown: null })}
          className={shown === null ? 'border-primary bg-primary/10' : undefined}
        >
          {shown === null ? <Check aria-hidden="true" /> : <Wand2 aria-hidden="true" />}
          Let Reelforge choose
        </Button>
        <span className="text-muted-foreground text-xs">
          We pick a picture for these words when the video is made.
        </span>
      </div>

      <section className="grid gap-2" aria-labelledby={suggestedId}>
        <h3 id={suggestedId} className="font-medium text-sm">
          Suggested for these words
        </h3>
        {shot.candidates.length > 0 ? (
          <CandidateGrid
            label="Suggested pictures"
            candidates={shot.candidates}
            shown={shown}
            aspectRatio={aspectRatio}
            onChoose={pick}
          />
        ) : (
          <p className="text-muted-foreground text-sm">
            Nothing suggested for these words yet. Search, or use your own.
          </p>
        )}
      </section>

      <VisualSearch
        storyboardId={storyboardId}
        shown={shown}
        aspectRatio={aspectRatio}
        onChoose={pick}
      />

      <OwnVisualUploads onChoose={onChoose} />

      {shown?.source === 'clip' && (
        <ClipStartForm
          key={shown.id}
          shown={shown}
          onApply={(offset) =>
            onChoose({
              input: { source: 'clip', id: shown.id, offset },
              shown: { ...shown, offset },
            })
          }
        />
      )}

      {offersAiVisuals(sceneSource) && (
        <section className="grid gap-2 border-t pt-4">
          <AiVisualForm
            shown={shown}
            onDescribe={(prompt) =>
              onChoose({
                input: { source: 'ai', id: '', prompt },
                shown: { source: 'ai', id: '', label: 'AI visual', thumbnailUrl: null, prompt },
              })
            }
          />
        </section>
      )}
    </>
  );
}
