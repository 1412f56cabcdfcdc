// One scene of the storyboard: its narration (saved as the member types), how long it takes to say
// against its 8 s, its shots' pictures, and its controls: move up or down (or drag by the handle),
// hear it in the storyboard's voice, remove it.
import { STORYBOARD_LIMITS, type StoryboardShotView } from '@shared/schemas/storyboards';
import { ArrowDown, ArrowUp, GripVertical, Loader2, Square, Trash2, Volume2 } from 'lucide-react';
import { type DragEvent, useId, useRef } from 'react';
import { Button } from '@/components/ui/button';
import { CharacterCount } from '@/components/ui/character-count';
import { Textarea } from '@/components/ui/textarea';
import { cn } from '@/lib/cn';
import type { SpeechState } from '../hooks/use-scene-speech';
import { type Draft, type DraftScene, isMeasuring, shownVisual } from '../storyboard-draft';
import { SceneFitMeter } from './scene-fit-meter';
import { ShotStrip } from './shot-strip';

export type SceneDrag = {
  /** The scene being dragged, if any. */
  draggingKey: string | null;
  /** Where it would land: before or after this scene. */
  dropEdge: 'before' | 'after' | null;
  onDragStart: (event: DragEvent<HTMLElement>) => void;
  onDragEnd: () => void;
  onDragOver: (event: DragEvent<HTMLElement>) => void;
  onDrop: (event: DragEvent<HTMLElement>) => void;
};

export function SceneCard({
  scene,
  index,
  count,
  draft,
  aspectRatio,
  readOnly,
  problem,
  speech,
  speechError,
  canHear,
  drag,
  onNarrationChange,
  onNarrationBlur,
  onMove,
  onRemove,
  onPick,
  onHear,
  onStopHearing,
}: {
  scene: DraftScene;
  index: number;
  count: number;
  draft: Draft;
  aspectRatio: 'landscape' | 'portrait';
  readOnly: boolean;
  /** Why the last save was refused, when it was this scene's words. */
  problem: string | null;
  speech: SpeechState;
  speechError: string | null;
  /** The storyboard has a voice to speak with. */
  canHear: boolean;
  drag: SceneDrag;
  onNarrationChange: (narration: string) => void;
  onNarrationBlur: () => void;
  onMove: (direction: -1 | 1) => void;
  onRemove: () => void;
  onPick: (shot: StoryboardShotView) => void;
  onHear: () => void;
  onStopHearing: () => void;
}) {
  const ids = { heading: useId(), label: useId(), fit: useId(), count: useId(), problem: useId() };
  const cardRef = useRef<HTMLElement>(null);
  const number = index + 1;
  const hearing = speech?.status;
  const describedBy = [ids.fit, ids.count, problem ? ids.problem : null].filter(Boolean).join(' ');

  return (
    <article
      ref={cardRef}
      aria-labelledby={ids.heading}
      data-testid="scene-card"
      data-scene-key={scene.key}
      onDragOver={drag.onDragOver}
      onDrop={drag.onDrop}
      className={cn(
        'relative grid gap-4 rounded-xl border bg-card p-4 text-card-foreground shadow-sm sm:p-5',
        drag.draggingKey === scene.key && 'opacity-50',
        !scene.fits && 'border-destructive/50',
      )}
    >
      {drag.dropEdge && (
        <span
          aria-hidden="true"
          className={cn(
            'absolute inset-x-3 h-1 rounded-full bg-primary',
            drag.dropEdge === 'before' ? '-top-2.5' : '-bottom-2.5',
          )}
        />
      )}
      <div className="flex items-center gap-2">
        {!readOnly && (
          <span
            draggable
            aria-hidden="true"
            title="Drag to reorder"
            onDragStart={(event) => {
              if (cardRef.current) event.dataTransfer.setDragImage(cardRef.current, 24, 24);
              drag.onDragStart(event);
            }}
            onDragEnd={drag.onDragEnd}
            className="-ml-1 flex size-8 shrink-0 cursor-grab items-center justify-center rounded-md text-muted-foreground hover:bg-accent active:cursor-grabbing"
          >
            <GripVertical className="size-4" />
          </span>
        )}
        <h3 id={ids.heading} className="font-semibold text-base">
          Scene {number}
        </h3>
        {!readOnly && count > 1 && (
          <div className="ml-auto flex gap-1">
            <Button
              variant="ghost"
              size="icon"
              className="size-8"
              aria-label={`Move scene ${number} up`}
              title="Move up"
              data-move="up"
              disabled={index === 0}
              onClick={() => onMove(-1)}
            >
              <ArrowUp aria-hidden="true" />
            </Button>
            <Button
              variant="ghost"
              size="icon"
              className="size-8"
              aria-label={`Move scene ${number} down`}
              title="Move down"
              data-move="down"
              disabled={index === count - 1}
              onClick={() => onMove(1)}
            >
              <ArrowDown aria-hidden="true" />
            </Button>
          </div>
        )}
      </div>

      <div className="grid gap-2">
        <span id={ids.label} className="font-medium text-sm">
          Narration
        </span>
        {readOnly ? (
          <p className="whitespace-pre-wrap text-sm [overflow-wrap:anywhere]">
            {scene.narration || 'No narration.'}
          </p>
        ) : (
          <Textarea
            aria-labelledby={`${ids.heading} ${ids.label}`}
            aria-describedby={describedBy}
            aria-invalid={!scene.fits || Boolean(problem) || undefined}
            data-scene-narration
            rows={3}
            value={scene.narration}
            placeholder="What the voice says in this scene."
            onChange={(event) => onNarrationChange(event.currentTarget.value)}
            onBlur={onNarrationBlur}
            className="field-sizing-content max-h-72 min-h-20"
          />
        )}
        <div className="flex items-start gap-4">
          <SceneFitMeter
            id={ids.fit}
            sceneNumber={number}
            fitSeconds={scene.fitSeconds}
            fits={scene.fits}
            measuring={isMeasuring(scene)}
          />
          {!readOnly && (
            <CharacterCount
              id={ids.count}
              length={scene.narration.trim().length}
              max={STORYBOARD_LIMITS.narrationMax}
            />
          )}
        </div>
        {problem && (
          <p id={ids.problem} className="font-medium text-red-700 text-xs dark:text-red-300">
            {problem}
          </p>
        )}
      </div>

      <ShotStrip
        sceneNumber={number}
        shots={scene.shots}
        visualOf={(shot) => shownVisual(draft, shot)}
        aspectRatio={aspectRatio}
        onPick={onPick}
        readOnly={readOnly}
      />

      <div className="flex flex-wrap items-center gap-2 border-t pt-3">
        <Button
          variant="outline"
          size="sm"
          onClick={hearing ? onStopHearing : onHear}
          disabled={!canHear || (!scene.narration.trim() && !hearing)}
          aria-describedby={canHear ? undefined : `${ids.heading}-voice`}
        >
          {hearing === 'loading' ? (
            <Loader2 className="animate-spin" aria-hidden="true" />
          ) : hearing === 'playing' ? (
            <Square className="fill-current" aria-hidden="true" />
          ) : (
            <Volume2 aria-hidden="true" />
          )}
          {hearing ? 'Stop' : 'Hear this scene'}
        </Button>
        {!canHear && (
          <span id={`${ids.heading}-voice`} className="text-muted-foreground text-xs">
            Choose a voice to hear it.
          </span>
        )}
        {!readOnly && (
          <Button
            variant="ghost"
            size="sm"
            className="ml-auto text-muted-foreground hover:text-destructive"
            disabled={count <= 1}
            onClick={onRemove}
          >
            <Trash2 aria-hidden="true" />
            Remove scene
          </Button>
        )}
        <p
          role="status"
          className={cn(
            'w-full text-xs',
            speechError ? 'text-red-700 dark:text-red-300' : 'sr-only',
          )}
        >
          {speechError ??
            (hearing === 'loading'
              ? `Loading scene ${number}…`
              : hearing === 'playing'
                ? `Playing scene ${number}.`
                : '')}
        </p>
      </div>
    </article>
  );
}
