// The job's optional logo: pick a JPG, PNG or GIF, see it, replace or remove it. It is the brand's
// mark in a corner of each scene, never the scene's picture (that is the scene source's).
import { ImagePlus, Loader2, X } from 'lucide-react';
import { type ChangeEvent, useId, useRef } from 'react';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import type { useLogoUpload } from '../hooks/use-logo-upload';

const ACCEPTED_TYPES = 'image/jpeg,image/png,image/gif';

export function LogoField({ logo }: { logo: ReturnType<typeof useLogoUpload> }) {
  const inputId = useId();
  const hintId = useId();
  const inputRef = useRef<HTMLInputElement>(null);

  const onChange = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    // Cleared so choosing the same file again still fires a change.
    event.target.value = '';
    if (file) void logo.select(file);
  };

  return (
    <div className="grid gap-2">
      <Label htmlFor={inputId}>
        Logo <span className="font-normal text-muted-foreground text-xs">(optional)</span>
      </Label>
      <div className="flex flex-wrap items-center gap-3">
        {logo.url ? (
          <img
            src={logo.url}
            alt="Job logo"
            className="size-16 rounded-md border bg-muted object-contain"
          />
        ) : (
          <div
            aria-hidden="true"
            className="flex size-16 items-center justify-center rounded-md border border-dashed text-muted-foreground"
          >
            <ImagePlus className="size-5" />
          </div>
        )}
        <input
          ref={inputRef}
          id={inputId}
          type="file"
          accept={ACCEPTED_TYPES}
          className="sr-only"
          aria-describedby={hintId}
          onChange={onChange}
        />
        <Button
          type="button"
          variant="outline"
          size="sm"
          disabled={logo.isUploading}
          onClick={() => inputRef.current?.click()}
        >
          {logo.isUploading ? (
            <Loader2 className="animate-spin" aria-hidden="true" />
          ) : (
            <ImagePlus aria-hidden="true" />
          )}
          {logo.isUploading ? 'Uploading...' : logo.url ? 'Replace Logo' : 'Upload Logo'}
        </Button>
        {logo.url && !logo.isUploading && (
          <Button type="button" variant="ghost" size="sm" onClick={logo.remove}>
            <X aria-hidden="true" />
            Remove Logo
          </Button>
        )}
      </div>
      <p id={hintId} className="text-muted-foreground text-xs">
        JPG, PNG or GIF under 10MB. Shown as a small mark in the top right corner of each video.
      </p>
    </div>
  );
}
