// 'Create Combined Video': a title (required), an optional description, and the scenes to take
// from each selected finished video (all of them to begin with), joined in library order.

import { LIMITS, SECONDS_PER_SCENE } from '@shared/limits';
import { COMBINE_TOO_FEW, combineVideosSchema } from '@shared/schemas/library';
import { Loader2 } from 'lucide-react';
import { useId, useMemo, useState } from 'react';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import { toast } from '@/components/ui/use-toast';
import { useCombineVideos } from '../api/combine-videos';
import { chosenSceneCount, chosenScenes, combineSelection, sceneKey } from '../combine-selection';
import { type CombinableVideo, toggleSelection } from '../library-selection';

export function CombineVideosDialog({
  open,
  videos,
  onOpenChange,
  onCombined,
}: {
  open: boolean;
  videos: CombinableVideo[];
  onOpenChange: (open: boolean) => void;
  onCombined: () => void;
}) {
  const titleId = useId();
  const descriptionId = useId();
  const scenesId = useId();
  const [title, setTitle] = useState('');
  const [description, setDescription] = useState('');
  const [leftOut, setLeftOut] = useState<ReadonlySet<string>>(() => new Set());
  const combine = useCombineVideos();
  const choice = useMemo(() => chosenScenes(videos, leftOut), [videos, leftOut]);
  const sceneCount = chosenSceneCount(choice);

  const close = (next: boolean) => {
    if (!next) {
      setTitle('');
      setDescription('');
      setLeftOut(new Set());
    }
    onOpenChange(next);
  };

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (sceneCount < 2) {
      toast({ title: 'Cannot Combine', description: COMBINE_TOO_FEW, variant: 'destructive' });
      return;
    }
    const parsed = combineVideosSchema.safeParse({
      title,
      description,
      ...combineSelection(videos, choice),
    });
    if (!parsed.success) {
      const titleIssue = parsed.error.issues.find((issue) => issue.path[0] === 'title');
      toast({
        title: titleIssue && !title.trim() ? 'Title Required' : 'Cannot Combine',
        description: (titleIssue ?? parsed.error.issues[0])?.message,
        variant: 'destructive',
      });
      return;
    }
    combine.mutate(parsed.data, {
      onSuccess: (created) => {
        toast({
          title: 'Combining Videos',
          description: `"${created?.title ?? parsed.data.title}" is queued and will appear in your library.`,
        });
        close(false);
        onCombined();
      },
      onError: (error) =>
        toast({
          title: 'Failed to Start Video Combination',
          description: error.message,
          variant: 'destructive',
        }),
    });
  };

  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Create Combined Video</DialogTitle>
          <DialogDescription>
            Joins the {videos.length} selected videos into one, in library order.
          </DialogDescription>
        </DialogHeader>
        <form onSubmit={submit} noValidate className="grid gap-4">
          <div className="grid gap-2">
            <Label htmlFor={titleId}>Title</Label>
            <Input
              id={titleId}
              value={title}
              maxLength={LIMITS.titleMax}
              onChange={(event) => setTitle(event.target.value)}
              placeholder="My combined video"
              autoFocus
            />
          </div>
          <div className="grid gap-2">
            <Label htmlFor={descriptionId}>Description (optional)</Label>
            <Textarea
              id={descriptionId}
              value={description}
              maxLength={LIMITS.descriptionMax}
              onChange={(event) => setDescription(event.target.value)}
              rows={3}
            />
          </div>
          <fieldset className="grid min-w-0 gap-2" aria-describedby={scenesId}>
            <legend className="mb-2 font-medium text-sm">Scenes</legend>
            <ul className="grid max-h-52 gap-2 overflow-y-auto">
              {videos.map((video) => (
                <li
                  key={video.id}
                  className="flex min-w-0 items-center gap-2 rounded-lg border px-3 py-2"
                >
                  <span className="min-w-0 flex-1 truncate text-sm">{video.title}</span>
                  <span className="flex shrink-0 gap-1">
                    {Array.from({ length: video.scenes }, (_, index) => index + 1).map((scene) => {
                      const chosen = choice.get(video.id)?.includes(scene) ?? false;
                      return (
                        <Button
                          key={scene}
                          type="button"
                          size="sm"
                          variant={chosen ? 'default' : 'outline'}
                          aria-pressed={chosen}
                          aria-label={`Scene ${scene} of ${video.title}`}
                          className="min-w-9"
                          onClick={() =>
                            setLeftOut((current) =>
                              toggleSelection(current, sceneKey(video.id, scene)),
                            )
                          }
                        >
                          {scene}
                        </Button>
                      );
                    })}
                  </span>
                </li>
              ))}
            </ul>
            <p
              id={scenesId}
              aria-live="polite"
              className={
                sceneCount < 2 ? 'text-destructive text-sm' : 'text-muted-foreground text-sm'
              }
            >
              {sceneCount < 2
                ? COMBINE_TOO_FEW
                : `${sceneCount} scenes, about ${sceneCount * SECONDS_PER_SCENE} seconds. Press a scene's number to leave it out.`}
            </p>
          </fieldset>
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button type="button" variant="outline" onClick={() => close(false)}>
              Cancel
            </Button>
            <Button type="submit" variant="brand" disabled={combine.isPending || sceneCount < 2}>
              {combine.isPending && <Loader2 aria-hidden="true" className="animate-spin" />}
              Combine Videos
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
