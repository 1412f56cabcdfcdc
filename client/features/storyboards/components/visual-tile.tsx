// What a shot's picture looks like in the editor, in the video's shape: an offline picture or the
// member's image as a thumbnail, typographic words set large, a clip or an AI description as a
// sign. Decorative: the control around it says what it is.
import type { VisualSource } from '@shared/schemas/storyboards';
import { Film, ImageOff, Sparkles } from 'lucide-react';
import { cn } from '@/lib/cn';

export function VisualTile({
  source,
  label,
  thumbnailUrl,
  aspectRatio,
  className,
}: {
  source: VisualSource | null;
  label: string;
  thumbnailUrl: string | null;
  aspectRatio: 'landscape' | 'portrait';
  className?: string;
}) {
  const frame = cn(
    'relative flex w-full items-center justify-center overflow-hidden rounded-md',
    aspectRatio === 'portrait' ? 'aspect-[9/16]' : 'aspect-video',
    className,
  );
  if (source === 'typographic' || (source === 'stock' && !thumbnailUrl)) {
    return (
      <span aria-hidden="true" className={cn(frame, 'bg-neutral-900 p-1.5 text-white')}>
        <span className="line-clamp-3 text-center font-bold text-[11px] uppercase leading-tight tracking-tight [overflow-wrap:anywhere]">
          {label}
        </span>
      </span>
    );
  }
  if (source === 'clip' || source === 'ai') {
    const Icon = source === 'clip' ? Film : Sparkles;
    return (
      <span
        aria-hidden="true"
        className={cn(frame, 'flex-col gap-1 bg-neutral-800 p-1.5 text-center text-white')}
      >
        <Icon className="size-5 shrink-0" />
        <span className="line-clamp-2 text-[11px] leading-tight">{label}</span>
      </span>
    );
  }
  if (!thumbnailUrl) {
    return (
      <span aria-hidden="true" className={cn(frame, 'bg-muted text-muted-foreground')}>
        <ImageOff className="size-5" />
      </span>
    );
  }
  // Our pictures are drawings on their own background, shown whole; a member's photo fills the frame.
  return (
    <span aria-hidden="true" className={cn(frame, 'bg-muted')}>
      <img
        src={thumbnailUrl}
        alt=""
        loading="lazy"
        className={cn('size-full', source === 'picture' ? 'object-contain' : 'object-cover')}
      />
    </span>
  );
}
