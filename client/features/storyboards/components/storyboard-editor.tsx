// The storyboard editor: the scenes (words, fit, shots' pictures, order) beside the video's
// settings, with Render and Delete draft at the top. Edits save as the member goes (see
// use-storyboard-draft); a rendered storyboard, or one changed in another tab, reads only.
import type { SessionUser } from '@shared/schemas/auth';
import type { StoryboardView } from '@shared/schemas/storyboards';
import { normalizeTier, TIER_RULES } from '@shared/tiers';
import { Trash2 } from 'lucide-react';
import { useCallback, useRef, useState } from 'react';
import { ScreenHeader } from '@/components/layout/screen-header';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/use-toast';
import { InsufficientCreditsDialog } from '@/entities/credits/components/insufficient-credits-dialog';
import { LastVideoLine } from '@/entities/videos/components/last-video-line';
import { useAppNavigation } from '@/lib/app-navigation';
import { useDeleteStoryboard } from '../api/delete-storyboard';
import { useRenderStoryboardSubmit } from '../hooks/use-render-storyboard-submit';
import { useSceneSpeech } from '../hooks/use-scene-speech';
import { TYPING_SAVE_DELAY_MS, useStoryboardDraft } from '../hooks/use-storyboard-draft';
import {
  addScene,
  changeSettings,
  chooseVisual,
  type DraftSettings,
  editNarration,
  moveScene,
  removeScene,
  shownVisual,
} from '../storyboard-draft';
import { offersAiVisuals } from './ai-visual-form';
import { DeleteStoryboardDialog } from './delete-storyboard-dialog';
import { type PickerTarget, PicturePickerDialog } from './picture-picker-dialog';
import { RemoveSceneDialog } from './remove-scene-dialog';
import { RenderButton } from './render-button';
import { SaveStatus } from './save-status';
import { SceneList } from './scene-list';
import { StoryboardSettingsPanel } from './storyboard-settings-panel';

/** The speed slider moves in small steps: saved once it rests. */
const SLIDER_SAVE_DELAY_MS = 500;

export function StoryboardEditor({
  storyboard,
  user,
  onReload,
}: {
  /** As the server last answered (status, limits and source come from here). */
  storyboard: StoryboardView;
  user: SessionUser;
  onReload: () => void;
}) {
  const { navigate } = useAppNavigation();
  const plan = TIER_RULES[normalizeTier(user.memberLevel)];
  const isUnlimited = plan.monthlyCredits === null;
  const { draft, draftRef, save, edit, flush, saveAll, discard } = useStoryboardDraft(storyboard);
  const rendered = storyboard.status === 'rendered';
  const readOnly = rendered || save.kind === 'stale' || save.kind === 'rendered';
  const isRemix = storyboard.videoId !== null;
  const title = draft.settings.title.trim() || storyboard.title;
  const scenesRef = useRef<HTMLDivElement>(null);

  const numberOf = useCallback(
    (key: string) => draftRef.current.scenes.find((scene) => scene.key === key)?.number ?? null,
    [draftRef],
  );
  const speech = useSceneSpeech({ storyboardId: storyboard.id, saveAll, numberOf });
  const rendering = useRenderStoryboardSubmit({
    storyboardId: storyboard.id,
    isUnlimited,
    saveAll,
    latestDraft: () => draftRef.current,
  });
  const deletion = useDeleteStoryboard();
  const [picking, setPicking] = useState<{ sceneKey: string; shotId: string } | null>(null);
  const [removing, setRemoving] = useState<string | null>(null);
  const [confirmDelete, setConfirmDelete] = useState(false);

  const pickerTarget = ((): PickerTarget | null => {
    if (!picking) return null;
    const sceneIndex = draft.scenes.findIndex((scene) => scene.key === picking.sceneKey);
    const shots = draft.scenes[sceneIndex]?.shots ?? [];
    const shotIndex = shots.findIndex((shot) => shot.id === picking.shotId);
    const shot = shots[shotIndex];
    if (!shot) return null;
    return {
      sceneNumber: sceneIndex + 1,
      shotNumber: shotIndex + 1,
      shot,
      shown: shownVisual(draft, shot),
    };
  })();
  const removingIndex = draft.scenes.findIndex((scene) => scene.key === removing);

  const changeSetting = (change: Partial<DraftSettings>, typing = false) =>
    edit((current) => changeSettings(current, change), typing ? SLIDER_SAVE_DELAY_MS : 0);

  const deleteDraft = async () => {
    try {
      await deletion.mutateAsync(storyboard.id);
    } catch (error) {
      toast({
        title: 'Draft Not Deleted',
        description: error instanceof Error ? error.message : 'Please try again.',
        variant: 'destructive',
      });
      return;
    }
    discard();
    setConfirmDelete(false);
    toast({ title: 'Draft Deleted', description: `“${title}” was deleted.`, variant: 'success' });
    navigate('library');
  };

  const problem = save.kind === 'invalid' ? save : null;

  return (
    <div className="mx-auto w-full max-w-6xl">
      <ScreenHeader
        title={isRemix ? `Remix: ${title}` : title}
        description={
          rendered
            ? 'This storyboard has been rendered. Its scenes are shown as they were made.'
            : isRemix
              ? 'Change what you want, then render a new version. Its share link stays the same.'
              : 'Check each scene’s words and pictures, then render. Changes save as you go.'
        }
        onBack={() => navigate('library')}
      >
        {!rendered && (
          <RenderButton
            isRemix={isRemix}
            isAiSource={offersAiVisuals(storyboard.sceneSource)}
            isUnlimited={isUnlimited}
            isPending={rendering.isPending}
            disabled={readOnly}
            onRender={() => void rendering.submit()}
          />
        )}
      </ScreenHeader>

      <div className="mb-5 grid gap-3">
        {rendered ? (
          <Alert>
            <AlertTitle>Rendered</AlertTitle>
            <AlertDescription>
              {storyboard.requestId !== null ? (
                <LastVideoLine
                  requestId={storyboard.requestId}
                  remixOf={storyboard.videoId}
                  title={title}
                  onOpenLibrary={(videoId) =>
                    navigate('library', videoId === null ? {} : { openVideoId: videoId })
                  }
                />
              ) : (
                'This storyboard can no longer be changed.'
              )}
            </AlertDescription>
          </Alert>
        ) : (
          <SaveStatus save={save} onRetry={() => void flush()} onReload={onReload} />
        )}
      </div>

      <div ref={scenesRef} className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_24rem] lg:items-start">
        <SceneList
          draft={draft}
          maxScenes={storyboard.maxScenes}
          aspectRatio={storyboard.aspectRatio}
          readOnly={readOnly}
          problem={
            problem?.sceneKey ? { sceneKey: problem.sceneKey, message: problem.message } : null
          }
          speech={speech.state}
          speechError={speech.error}
          canHear={draft.settings.voiceId !== null}
          onNarrationChange={(key, narration) =>
            edit((current) => editNarration(current, key, narration), TYPING_SAVE_DELAY_MS)
          }
          onNarrationBlur={() => void flush()}
          onMove={(key, toIndex) => edit((current) => moveScene(current, key, toIndex))}
          onAdd={() => {
            let key = '';
            edit((current) => {
              const added = addScene(current);
              key = added.key;
              return added.draft;
            });
            return key;
          }}
          onRemove={(key) => {
            const scene = draft.scenes.find((each) => each.key === key);
            if (scene?.narration.trim()) setRemoving(key);
            else edit((current) => removeScene(current, key));
          }}
          onPick={(sceneKey, shot) => setPicking({ sceneKey, shotId: shot.id })}
          onHear={(key) => void speech.play(key)}
          onStopHearing={speech.stop}
        />
        <div className="grid min-w-0 content-start gap-4">
          <StoryboardSettingsPanel
            settings={draft.settings}
            watermarkRemovable={plan.watermarkRemovable}
            readOnly={readOnly}
            titleProblem={problem?.field === 'title' ? problem.message : null}
            onChange={changeSetting}
            onTitleChange={(next) =>
              edit((current) => changeSettings(current, { title: next }), TYPING_SAVE_DELAY_MS)
            }
            onTitleBlur={() => void flush()}
          />
          {!rendered && (
            <Button
              variant="outline"
              className="w-fit text-muted-foreground hover:text-destructive"
              onClick={() => setConfirmDelete(true)}
            >
              <Trash2 aria-hidden="true" />
              Delete draft
            </Button>
          )}
        </div>
      </div>

      <PicturePickerDialog
        target={pickerTarget}
        storyboardId={storyboard.id}
        sceneSource={storyboard.sceneSource}
        aspectRatio={storyboard.aspectRatio}
        onChoose={(shotId, choice) => {
          edit((current) => chooseVisual(current, shotId, choice));
          setPicking(null);
        }}
        onClose={() => setPicking(null)}
      />
      <RemoveSceneDialog
        sceneNumber={removingIndex >= 0 ? removingIndex + 1 : null}
        narration={draft.scenes[removingIndex]?.narration ?? ''}
        onCancel={() => setRemoving(null)}
        onConfirm={() => {
          const key = removing;
          // The scene that takes its place (or the one before the last) gets the focus.
          const next = draft.scenes[removingIndex + 1] ?? draft.scenes[removingIndex - 1];
          setRemoving(null);
          if (key) edit((current) => removeScene(current, key));
          return next
            ? scenesRef.current?.querySelector<HTMLElement>(
                `[data-scene-key="${next.key}"] [data-scene-narration]`,
              )
            : null;
        }}
      />
      <DeleteStoryboardDialog
        open={confirmDelete}
        title={title}
        deleting={deletion.isPending}
        onOpenChange={setConfirmDelete}
        onConfirm={() => void deleteDraft()}
      />
      <InsufficientCreditsDialog
        open={rendering.creditsDialog.open}
        remainingCredits={rendering.creditsDialog.remainingCredits}
        onOpenChange={rendering.setCreditsDialogOpen}
      />
    </div>
  );
}
