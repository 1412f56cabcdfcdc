// The Create form's images. For a video model: the optional source image it starts from. For "My
// images": one image per scene, each slot appearing once the one before it is filled, a single
// image being every scene's. Each slot: click or drop a JPG, PNG or GIF, or take one with the
// camera; then a preview with Replace and Remove while the upload runs in the background.
import { ImagePlus, Loader2, RefreshCw, X } from 'lucide-react';
import { type ChangeEvent, type DragEvent, useId, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/cn';
import type { SourceImage, SourceImagesState } from '../hooks/use-source-image';
import { CameraPanel } from './camera-panel';

const ACCEPTED_TYPES = 'image/jpeg,image/png,image/gif';

export const SCENE_IMAGES_HINT =
  'One image is used for every scene. Add one per scene to give each scene its own; a scene without one shows a picture of its subject.';

/** The names one slot's controls go by: the video model's source image, or scene n's image. */
function slotNames(scene: number | null) {
  if (scene === null) {
    return {
      input: 'Upload source image',
      image: 'Source image',
      replace: undefined,
      remove: undefined,
    };
  }
  return {
    input: `Upload scene ${scene} image`,
    image: `Scene ${scene} image`,
    // The visible words first, so speech and sight name the button alike.
    replace: `Replace image for scene ${scene}`,
    remove: `Remove image for scene ${scene}`,
  };
}

function ImageSlot({
  scene,
  image,
  compact,
  onSelect,
  onRemove,
}: {
  /** Scene n's slot, or null for the video model's single source image. */
  scene: number | null;
  image: SourceImage | null;
  compact: boolean;
  onSelect: (file: File) => void;
  onRemove: () => void;
}) {
  const inputId = useId();
  const hintId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [isDragging, setIsDragging] = useState(false);
  const names = slotNames(scene);
  const isUploading = image !== null && image.uploadedUrl === null;

  const onInputChange = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    // Cleared so that choosing the same file again (after removing it) still fires a change.
    event.target.value = '';
    if (file) onSelect(file);
  };

  const onDragOver = (event: DragEvent<HTMLElement>) => {
    event.preventDefault();
    event.dataTransfer.dropEffect = 'copy';
    setIsDragging(true);
  };

  const onDragLeave = (event: DragEvent<HTMLElement>) => {
    // Moving over the zone's own children fires dragleave too; only leaving the zone counts.
    if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setIsDragging(false);
  };

  const onDrop = (event: DragEvent<HTMLElement>) => {
    event.preventDefault();
    setIsDragging(false);
    const file = event.dataTransfer.files[0];
    if (file) onSelect(file);
  };

  return (
    <div className="grid min-w-0 content-start gap-2" data-testid="source-image-slot">
      {scene !== null && <span className="font-medium text-sm">{names.image}</span>}
      <input
        ref={inputRef}
        id={inputId}
        type="file"
        accept={ACCEPTED_TYPES}
        aria-label={names.input}
        aria-describedby={image ? undefined : hintId}
        // With a preview showing, Replace is the keyboard way in; the hidden input would take
        // focus without any visible sign of it.
        tabIndex={image ? -1 : undefined}
        className="peer sr-only"
        onChange={onInputChange}
      />
      {image ? (
        <div className="grid gap-2">
          <div className="relative overflow-hidden rounded-lg border bg-muted">
            <img
              src={image.previewUrl}
              alt={`${names.image}: ${image.fileName}`}
              className={cn('mx-auto w-full object-contain', compact ? 'max-h-44' : 'max-h-64')}
            />
            {isUploading && (
              <div
                role="status"
                className="absolute inset-0 flex items-center justify-center gap-2 bg-background/75 font-medium text-sm"
              >
                <Loader2 className="size-4 animate-spin" aria-hidden="true" />
                Uploading...
              </div>
            )}
          </div>
          <div className="flex flex-wrap items-center gap-2">
            <span className="min-w-0 flex-1 basis-24 truncate text-muted-foreground text-xs">
              {image.fileName}
            </span>
            <Button
              variant="outline"
              size="sm"
              aria-label={names.replace}
              onClick={() => inputRef.current?.click()}
            >
              <RefreshCw aria-hidden="true" />
              Replace
            </Button>
            <Button variant="ghost" size="sm" aria-label={names.remove} onClick={onRemove}>
              <X aria-hidden="true" />
              Remove image
            </Button>
          </div>
        </div>
      ) : (
        // The label opens the file picker on click; the visually hidden input before it keeps
        // keyboard focus, and the zone shows that focus ring.
        <label
          htmlFor={inputId}
          onDragOver={onDragOver}
          onDragEnter={onDragOver}
          onDragLeave={onDragLeave}
          onDrop={onDrop}
          className={cn(
            'flex cursor-pointer flex-col items-center justify-center gap-2 rounded-lg border-2 border-dashed px-4 text-center transition-colors hover:border-primary/60 hover:bg-accent/40 peer-focus-visible:border-ring peer-focus-visible:ring-[3px] peer-focus-visible:ring-ring/50',
            compact ? 'py-6' : 'py-8',
            isDragging && 'border-primary bg-primary/5',
          )}
        >
          <ImagePlus className="size-8 text-muted-foreground" aria-hidden="true" />
          <span className="font-medium text-sm">
            {isDragging ? 'Drop the image here' : 'Click to upload or drag and drop'}
          </span>
          <span id={hintId} className="text-muted-foreground text-xs">
            JPG, PNG or GIF, up to 10MB
          </span>
        </label>
      )}
    </div>
  );
}

export function SourceImageField({
  source,
  mode,
  slots,
  scenes,
}: {
  source: SourceImagesState;
  /** `single`: the video model's optional source image; `per-scene`: the member's scene images. */
  mode: 'single' | 'per-scene';
  /** How many slots to show (per-scene; `single` shows one). */
  slots: number;
  /** The video's scene count: images past it are kept but not used. */
  scenes: number;
}) {
  const hintId = useId();
  const { images, selectFile, remove, captureFromCamera, camera } = source;
  const shown = mode === 'single' ? 1 : Math.max(1, slots);
  const sceneNumbers = Array.from({ length: shown }, (_, index) => index + 1);
  // A photo fills the first empty slot, or replaces the last one when every slot has an image.
  const captureSlot = Math.min(images.length, shown - 1);
  const setAside = mode === 'per-scene' ? Math.max(0, images.length - scenes) : 0;
  const compact = mode === 'per-scene' && shown > 1;

  return (
    <fieldset
      className="grid min-w-0 gap-3"
      aria-describedby={mode === 'per-scene' ? hintId : undefined}
      data-testid="source-images"
    >
      {mode === 'single' ? (
        <legend className="mb-2 font-medium text-sm">
          Source image <span className="font-normal text-muted-foreground">(optional)</span>
        </legend>
      ) : (
        <legend className="mb-2 font-medium text-sm">Scene images</legend>
      )}
      {mode === 'per-scene' && (
        <p id={hintId} className="-mt-1 text-muted-foreground text-xs">
          {SCENE_IMAGES_HINT}
        </p>
      )}
      <div className={cn('grid gap-4', compact && 'sm:grid-cols-2')}>
        {sceneNumbers.map((scene) => (
          <ImageSlot
            key={scene}
            scene={mode === 'single' ? null : scene}
            image={images[scene - 1] ?? null}
            compact={compact}
            onSelect={(file) => void selectFile(scene - 1, file)}
            onRemove={() => remove(scene - 1)}
          />
        ))}
      </div>
      {setAside > 0 && (
        <p className="text-muted-foreground text-xs">
          {setAside === 1 ? '1 more image is' : `${setAside} more images are`} kept for when you add
          scenes.
        </p>
      )}
      <CameraPanel
        camera={camera}
        onCapture={() => void captureFromCamera(captureSlot)}
        target={mode === 'per-scene' ? `The photo goes to scene ${captureSlot + 1}.` : undefined}
      />
    </fieldset>
  );
}
