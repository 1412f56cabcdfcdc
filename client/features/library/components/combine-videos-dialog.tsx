// 'Create Combined Video': a title (required) and an optional description for a new video made of
// the selected finished videos, in the order they appear in the library.

import { LIMITS } from '@shared/plans';
import { combineVideosSchema } from '@shared/schemas/library';
import { Loader2 } from 'lucide-react';
import { useId, useState } from 'react';
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

export function CombineVideosDialog({
  open,
  videoIds,
  onOpenChange,
  onCombined,
}: {
  open: boolean;
  videoIds: number[];
  onOpenChange: (open: boolean) => void;
  onCombined: () => void;
}) {
  const titleId = useId();
  const descriptionId = useId();
  const [title, setTitle] = useState('');
  const [description, setDescription] = useState('');
  const combine = useCombineVideos();

  const close = (next: boolean) => {
    if (!next) {
      setTitle('');
      setDescription('');
    }
    onOpenChange(next);
  };

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const parsed = combineVideosSchema.safeParse({ title, description, videoIds });
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
            Joins the {videoIds.length} selected videos into one, in library order.
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
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button type="button" variant="outline" onClick={() => close(false)}>
              Cancel
            </Button>
            <Button type="submit" variant="brand" disabled={combine.isPending}>
              {combine.isPending && <Loader2 aria-hidden="true" className="animate-spin" />}
              Combine Videos
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
