// The 'Generation Prompt' dialog: the scene plan a video was made from, scene by scene, with a
// Copy button that puts a readable version on the clipboard.
import { TIMINGS } from '@shared/limits';
import type { Video } from '@shared/schemas/videos';
import { Check, Copy } from 'lucide-react';
import { useEffect, useMemo, useState } from 'react';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { toast } from '@/components/ui/use-toast';
import { generationPromptText, parseGenerationPrompt } from '../scene-plan';

export function GenerationPromptDialog({
  video,
  onClose,
}: {
  video: Video | null;
  onClose: () => void;
}) {
  const prompt = useMemo(() => parseGenerationPrompt(video?.generatedPrompt), [video]);
  const [copied, setCopied] = useState(false);

  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), TIMINGS.copiedLabelMs);
    return () => clearTimeout(timer);
  }, [copied]);

  const copy = async () => {
    if (!prompt) return;
    try {
      await navigator.clipboard.writeText(generationPromptText(prompt));
      setCopied(true);
    } catch {
      toast({
        title: 'Copy Failed',
        description: 'Could not copy description to clipboard',
        variant: 'destructive',
      });
    }
  };

  return (
    <Dialog open={video !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-w-2xl">
        <DialogHeader>
          <DialogTitle>Generation Prompt</DialogTitle>
          <DialogDescription>{video?.title}</DialogDescription>
        </DialogHeader>
        {!prompt && (
          <p className="text-muted-foreground text-sm">No prompt was saved for this video.</p>
        )}
        {prompt?.kind === 'text' && (
          <p className="whitespace-pre-wrap rounded-lg bg-muted p-3 text-sm">{prompt.text}</p>
        )}
        {prompt?.kind === 'plan' && (
          <ol className="space-y-3">
            {prompt.scenes.map((scene) => (
              <li key={scene.number} className="space-y-1.5 rounded-lg border bg-muted/40 p-3">
                <p className="font-medium text-sm">
                  Scene {scene.number}
                  {scene.durationSeconds > 0 && (
                    <span className="font-normal text-muted-foreground">
                      {' '}
                      · {scene.durationSeconds}s
                    </span>
                  )}
                </p>
                <p className="text-sm">{scene.prompt}</p>
                <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-0.5 text-muted-foreground text-xs">
                  {scene.caption && (
                    <>
                      <dt>Caption</dt>
                      <dd className="text-foreground">{scene.caption}</dd>
                    </>
                  )}
                  {scene.camera && (
                    <>
                      <dt>Camera</dt>
                      <dd className="text-foreground">{scene.camera}</dd>
                    </>
                  )}
                  {scene.mood && (
                    <>
                      <dt>Mood</dt>
                      <dd className="text-foreground">{scene.mood}</dd>
                    </>
                  )}
                </dl>
              </li>
            ))}
          </ol>
        )}
        {prompt && (
          <div className="flex justify-end">
            <Button variant="outline" onClick={() => void copy()}>
              {copied ? <Check aria-hidden="true" /> : <Copy aria-hidden="true" />}
              {copied ? 'Copied!' : 'Copy'}
            </Button>
          </div>
        )}
      </DialogContent>
    </Dialog>
  );
}
