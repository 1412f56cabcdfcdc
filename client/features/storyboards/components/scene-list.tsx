// The storyboard's scenes in order: reordered by dragging a card's handle (native drag and drop)
// or with its Move up and Move down buttons, which keep the keyboard focus on the moved scene and
// say where it went; scenes added up to the plan's maximum and removed down to one.
import type { StoryboardShotView } from '@shared/schemas/storyboards';
import { Plus } from 'lucide-react';
import { type DragEvent, useEffect, useId, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import type { SpeechState } from '../hooks/use-scene-speech';
import type { Draft } from '../storyboard-draft';
import { SceneCard } from './scene-card';

const DRAG_TYPE = 'application/x-reelforge-scene';

export function SceneList({
  draft,
  maxScenes,
  aspectRatio,
  readOnly,
  problem,
  speech,
  speechError,
  canHear,
  onNarrationChange,
  onNarrationBlur,
  onMove,
  onAdd,
  onRemove,
  onPick,
  onHear,
  onStopHearing,
}: {
  draft: Draft;
  maxScenes: number;
  aspectRatio: 'landscape' | 'portrait';
  readOnly: boolean;
  /** The last save's refusal, with the scene it was about. */
  problem: { sceneKey: string; message: string } | null;
  speech: SpeechState;
  speechError: { sceneKey: string; message: string } | null;
  canHear: boolean;
  onNarrationChange: (sceneKey: string, narration: string) => void;
  onNarrationBlur: () => void;
  onMove: (sceneKey: string, toIndex: number) => void;
  /** Adds a scene; answers its key, to focus it. */
  onAdd: () => string;
  onRemove: (sceneKey: string) => void;
  onPick: (sceneKey: string, shot: StoryboardShotView) => void;
  onHear: (sceneKey: string) => void;
  onStopHearing: () => void;
}) {
  const headingId = useId();
  const limitId = useId();
  const listRef = useRef<HTMLOListElement>(null);
  const [dragging, setDragging] = useState<string | null>(null);
  const [drop, setDrop] = useState<{ key: string; edge: 'before' | 'after' } | null>(null);
  const [announcement, setAnnouncement] = useState('');
  /** After a move or an add: where the keyboard focus goes once the list has re-rendered. */
  const [focusTarget, setFocusTarget] = useState<{ key: string; selector: string } | null>(null);
  const { scenes } = draft;
  const atLimit = scenes.length >= maxScenes;

  useEffect(() => {
    if (!focusTarget) return;
    const card = listRef.current?.querySelector(`[data-scene-key="${focusTarget.key}"]`);
    const wanted = card?.querySelector<HTMLElement>(focusTarget.selector);
    // A scene moved to an end has its button there disabled: the other one takes the focus.
    const target =
      wanted && !wanted.hasAttribute('disabled')
        ? wanted
        : card?.querySelector<HTMLElement>('[data-move]:not([disabled])');
    target?.focus();
    setFocusTarget(null);
  }, [focusTarget]);

  const move = (key: string, toIndex: number, viaKeyboard: boolean, direction?: 'up' | 'down') => {
    const from = scenes.findIndex((scene) => scene.key === key);
    const to = Math.max(0, Math.min(scenes.length - 1, toIndex));
    if (from < 0 || from === to) return;
    onMove(key, to);
    setAnnouncement(`Scene ${from + 1} moved to position ${to + 1} of ${scenes.length}.`);
    if (viaKeyboard) setFocusTarget({ key, selector: `[data-move="${direction}"]` });
  };

  const dragFor = (key: string, index: number) => ({
    draggingKey: dragging,
    dropEdge: dragging && drop?.key === key && dragging !== key ? drop.edge : null,
    onDragStart: (event: DragEvent<HTMLElement>) => {
      event.dataTransfer.effectAllowed = 'move';
      event.dataTransfer.setData(DRAG_TYPE, key);
      setDragging(key);
    },
    onDragEnd: () => {
      setDragging(null);
      setDrop(null);
    },
    onDragOver: (event: DragEvent<HTMLElement>) => {
      if (!dragging) return;
      event.preventDefault();
      event.dataTransfer.dropEffect = 'move';
      const box = event.currentTarget.getBoundingClientRect();
      const edge = event.clientY < box.top + box.height / 2 ? 'before' : 'after';
      if (drop?.key !== key || drop.edge !== edge) setDrop({ key, edge });
    },
    onDrop: (event: DragEvent<HTMLElement>) => {
      event.preventDefault();
      const moved = dragging ?? event.dataTransfer.getData(DRAG_TYPE);
      const from = scenes.findIndex((scene) => scene.key === moved);
      const edge = drop?.key === key ? drop.edge : 'after';
      setDragging(null);
      setDrop(null);
      if (from < 0) return;
      // The index it lands on, once it has left its own place.
      let to = index + (edge === 'after' ? 1 : 0);
      if (from < to) to -= 1;
      move(moved, to, false);
    },
  });

  return (
    <section aria-labelledby={headingId} className="grid min-w-0 content-start gap-4">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id={headingId} className="font-semibold text-lg">
          Scenes
        </h2>
        <p className="text-muted-foreground text-sm">
          {scenes.length} of {maxScenes} {maxScenes === 1 ? 'scene' : 'scenes'} · 8 s each
        </p>
      </div>
      {!readOnly && scenes.length > 1 && (
        <p className="-mt-2 text-muted-foreground text-xs">
          Drag a scene by its handle, or use its arrows, to change the order.
        </p>
      )}
      <ol ref={listRef} className="grid gap-5">
        {scenes.map((scene, index) => (
          <li key={scene.key}>
            <SceneCard
              scene={scene}
              index={index}
              count={scenes.length}
              draft={draft}
              aspectRatio={aspectRatio}
              readOnly={readOnly}
              problem={problem?.sceneKey === scene.key ? problem.message : null}
              speech={speech?.sceneKey === scene.key ? speech : null}
              speechError={speechError?.sceneKey === scene.key ? speechError.message : null}
              canHear={canHear}
              drag={dragFor(scene.key, index)}
              onNarrationChange={(narration) => onNarrationChange(scene.key, narration)}
              onNarrationBlur={onNarrationBlur}
              onMove={(direction) =>
                move(scene.key, index + direction, true, direction < 0 ? 'up' : 'down')
              }
              onRemove={() => onRemove(scene.key)}
              onPick={(shot) => onPick(scene.key, shot)}
              onHear={() => onHear(scene.key)}
              onStopHearing={onStopHearing}
            />
          </li>
        ))}
      </ol>
      <p role="status" className="sr-only">
        {announcement}
      </p>
      {!readOnly && (
        <div className="grid justify-items-start gap-1.5">
          <Button
            variant="outline"
            disabled={atLimit}
            aria-describedby={atLimit ? limitId : undefined}
            onClick={() => {
              const key = onAdd();
              setAnnouncement(`Scene ${scenes.length + 1} added.`);
              setFocusTarget({ key, selector: '[data-scene-narration]' });
            }}
          >
            <Plus aria-hidden="true" />
            Add scene
          </Button>
          {atLimit && (
            <p id={limitId} className="text-muted-foreground text-xs">
              Your plan allows up to {maxScenes} {maxScenes === 1 ? 'scene' : 'scenes'}. Remove one
              to add another, or upgrade for more.
            </p>
          )}
        </div>
      )}
    </section>
  );
}
