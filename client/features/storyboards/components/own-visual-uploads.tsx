// The member's own picture for a shot: an image (JPG, PNG or GIF up to 10 MB) or a clip (MP4, MOV
// or WebM, up to 60 s and 100 MB), uploaded and chosen in one step. A refusal says why, in the
// server's words.
import { LIMITS } from '@shared/limits';
import type { ShotVisualInput, StoryboardVisual } from '@shared/schemas/storyboards';
import { Film, ImagePlus, Loader2 } from 'lucide-react';
import { type ChangeEvent, useId, useState } from 'react';
import { buttonVariants } from '@/components/ui/button';
import { useUploadClip } from '@/entities/uploads/api/upload-clip';
import { useUploadImage } from '@/entities/uploads/api/upload-image';
import { uploadFailureMessage } from '@/entities/uploads/upload-failure';
import { cn } from '@/lib/cn';

const IMAGE_TYPES = LIMITS.imageTypes.join(',');
const CLIP_TYPES = [...LIMITS.clipTypes, '.mp4', '.mov', '.webm'].join(',');
const MB = 1024 * 1024;

export const IMAGE_TOO_LARGE = `File too large: an image can be at most ${LIMITS.imageMaxBytes / MB} MB.`;
export const CLIP_TOO_LARGE = `File too large: a clip can be at most ${LIMITS.clipMaxBytes / MB} MB.`;
const IMAGE_FAILED = 'The image could not be uploaded. Please try again.';

type Chosen = { input: ShotVisualInput; shown: StoryboardVisual };

function UploadButton({
  label,
  accept,
  busy,
  disabled,
  icon: Icon,
  onFile,
}: {
  label: string;
  accept: string;
  busy: boolean;
  disabled: boolean;
  icon: typeof Film;
  onFile: (file: File) => void;
}) {
  const id = useId();
  const onChange = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    // Cleared, so choosing the same file again after a refusal still fires a change.
    event.target.value = '';
    if (file) onFile(file);
  };
  return (
    <div>
      <input
        id={id}
        type="file"
        accept={accept}
        disabled={disabled}
        className="peer sr-only"
        onChange={onChange}
      />
      <label
        htmlFor={id}
        className={cn(
          buttonVariants({ variant: 'outline' }),
          'cursor-pointer peer-focus-visible:ring-[3px] peer-focus-visible:ring-ring/50 peer-disabled:cursor-not-allowed peer-disabled:opacity-50',
        )}
      >
        {busy ? (
          <Loader2 className="animate-spin" aria-hidden="true" />
        ) : (
          <Icon aria-hidden="true" />
        )}
        {label}
      </label>
    </div>
  );
}

export function OwnVisualUploads({ onChoose }: { onChoose: (chosen: Chosen) => void }) {
  const headingId = useId();
  const image = useUploadImage();
  const clip = useUploadClip();
  const [problem, setProblem] = useState<string | null>(null);
  const busy = image.isPending || clip.isPending;

  const uploadImage = async (file: File) => {
    setProblem(null);
    if (file.size > LIMITS.imageMaxBytes) return setProblem(IMAGE_TOO_LARGE);
    try {
      const { url } = await image.mutateAsync(file);
      onChoose({
        input: { source: 'image', id: url },
        shown: { source: 'image', id: url, label: 'Your image', thumbnailUrl: url },
      });
    } catch (error) {
      const message = uploadFailureMessage(error, file.name, {
        tooLarge: { title: 'Upload Failed', description: IMAGE_TOO_LARGE },
        failed: { title: 'Upload Failed', description: IMAGE_FAILED },
      });
      setProblem(message.description);
    }
  };

  const uploadClip = async (file: File) => {
    setProblem(null);
    if (file.size > LIMITS.clipMaxBytes) return setProblem(CLIP_TOO_LARGE);
    try {
      const { url } = await clip.mutateAsync(file);
      onChoose({
        input: { source: 'clip', id: url },
        shown: { source: 'clip', id: url, label: 'Your clip', thumbnailUrl: null },
      });
    } catch (error) {
      setProblem(error instanceof Error ? error.message : IMAGE_FAILED);
    }
  };

  return (
    <section aria-labelledby={headingId} className="grid gap-3">
      <div className="grid gap-1">
        <h3 id={headingId} className="font-medium text-sm">
          Your own
        </h3>
        <p className="text-muted-foreground text-xs">
          An image (JPG, PNG or GIF, up to 10 MB) or a clip (MP4, MOV or WebM, up to{' '}
          {LIMITS.clipMaxSeconds} seconds).
        </p>
      </div>
      <div className="flex flex-wrap gap-2">
        <UploadButton
          label="Upload image"
          accept={IMAGE_TYPES}
          busy={image.isPending}
          disabled={busy}
          icon={ImagePlus}
          onFile={(file) => void uploadImage(file)}
        />
        <UploadButton
          label="Upload clip"
          accept={CLIP_TYPES}
          busy={clip.isPending}
          disabled={busy}
          icon={Film}
          onFile={(file) => void uploadClip(file)}
        />
      </div>
      <p role="status" className="sr-only">
        {image.isPending ? 'Uploading the image…' : clip.isPending ? 'Uploading the clip…' : ''}
      </p>
      {problem && (
        <p role="alert" className="font-medium text-red-700 text-sm dark:text-red-300">
          {problem}
        </p>
      )}
    </section>
  );
}
