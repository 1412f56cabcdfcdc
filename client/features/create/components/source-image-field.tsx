// The optional source image: click or drop a JPG, PNG or GIF, or take one with the camera; then a
// preview with Replace and Remove while the upload runs in the background.
import { ImagePlus, Loader2, RefreshCw, X } from 'lucide-react';
import { type ChangeEvent, type DragEvent, useId, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/cn';
import type { SourceImageState } from '../hooks/use-source-image';
import { CameraPanel } from './camera-panel';

const ACCEPTED_TYPES = 'image/jpeg,image/png,image/gif';

export function SourceImageField({ source }: { source: SourceImageState }) {
  const inputId = useId();
  const hintId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [isDragging, setIsDragging] = useState(false);
  const { image, isUploading, selectFile, remove, captureFromCamera, camera } = source;

  const onInputChange = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    // Cleared so that choosing the same file again (after removing it) still fires a change.
    event.target.value = '';
    if (file) void selectFile(file);
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
    if (file) void selectFile(file);
  };

  return (
    <fieldset className="grid min-w-0 gap-3">
      <legend className="mb-2 font-medium text-sm">
        Source image <span className="font-normal text-muted-foreground">(optional)</span>
      </legend>
      <input
        ref={inputRef}
        id={inputId}
        type="file"
        accept={ACCEPTED_TYPES}
        aria-label="Upload source image"
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
              alt={`Source image: ${image.fileName}`}
              className="mx-auto max-h-64 w-full object-contain"
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
            <span className="min-w-0 flex-1 truncate text-muted-foreground text-xs">
              {image.fileName}
            </span>
            <Button variant="outline" size="sm" onClick={() => inputRef.current?.click()}>
              <RefreshCw aria-hidden="true" />
              Replace
            </Button>
            <Button variant="ghost" size="sm" onClick={remove}>
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
            'flex cursor-pointer flex-col items-center justify-center gap-2 rounded-lg border-2 border-dashed px-4 py-8 text-center transition-colors hover:border-primary/60 hover:bg-accent/40 peer-focus-visible:border-ring peer-focus-visible:ring-[3px] peer-focus-visible:ring-ring/50',
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
      <CameraPanel camera={camera} onCapture={() => void captureFromCamera()} />
    </fieldset>
  );
}
