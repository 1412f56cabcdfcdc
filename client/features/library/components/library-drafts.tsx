// The library's Drafts: storyboards planned but not yet rendered, in a row of their own above the
// videos (never counted among them), shown only when there are some. Each opens the editor.
import type { StoryboardSummary } from '@shared/schemas/storyboards';
import { ClipboardList } from 'lucide-react';
import { useId } from 'react';
import { Badge } from '@/components/ui/badge';
import { useStoryboards } from '@/entities/storyboards/api/get-storyboards';
import { formatVideoDate } from '@/entities/videos/video-display';
import { cn } from '@/lib/cn';

export function LibraryDrafts({ onOpen }: { onOpen: (storyboardId: number) => void }) {
  const headingId = useId();
  const drafts = useStoryboards();
  const list = drafts.data ?? [];
  if (list.length === 0) return null;
  return (
    <section aria-labelledby={headingId} className="grid gap-3" data-testid="library-drafts">
      <div className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
        <h2 id={headingId} className="font-semibold text-lg">
          Drafts
        </h2>
        <p className="text-muted-foreground text-sm">
          Storyboards waiting for a render. Nothing is charged until you render one.
        </p>
      </div>
      <ul className="-mx-1 flex snap-x gap-3 overflow-x-auto px-1 pt-1 pb-2">
        {list.map((draft) => (
          <li key={draft.id} className="w-56 shrink-0 snap-start sm:w-60">
            <DraftCard draft={draft} onOpen={() => onOpen(draft.id)} />
          </li>
        ))}
      </ul>
    </section>
  );
}

function DraftCard({ draft, onOpen }: { draft: StoryboardSummary; onOpen: () => void }) {
  const titleId = useId();
  const title = draft.title || 'Untitled storyboard';
  return (
    <article
      aria-labelledby={titleId}
      data-testid="draft-card"
      className="group relative flex h-full flex-col overflow-hidden rounded-xl border bg-card text-card-foreground shadow-sm transition-shadow hover:shadow-md has-[:focus-visible]:ring-[3px] has-[:focus-visible]:ring-ring/50"
    >
      <div
        aria-hidden="true"
        className="relative flex aspect-video items-center justify-center overflow-hidden bg-muted"
      >
        {draft.thumbnailUrl ? (
          <img
            src={draft.thumbnailUrl}
            alt=""
            loading="lazy"
            className={cn(
              'size-full',
              draft.thumbnailUrl.endsWith('.svg') ? 'object-contain p-3' : 'object-cover',
            )}
          />
        ) : (
          <ClipboardList className="size-8 text-muted-foreground" />
        )}
      </div>
      <div className="flex flex-1 flex-col gap-2 p-3">
        <h3
          id={titleId}
          className="line-clamp-2 font-medium text-sm leading-snug [overflow-wrap:anywhere]"
        >
          <button
            type="button"
            onClick={onOpen}
            // The ::after layer stretches the button over the whole card.
            className="text-left outline-none after:absolute after:inset-0 after:content-['']"
          >
            {title}
          </button>
        </h3>
        <div className="mt-auto flex flex-wrap items-center justify-between gap-x-2 gap-y-1">
          <Badge variant="outline">
            {draft.videoId !== null ? 'Remix' : 'Draft'} · {draft.scenes}{' '}
            {draft.scenes === 1 ? 'scene' : 'scenes'}
          </Badge>
          <span className="text-muted-foreground text-xs">
            Edited <time dateTime={draft.updatedAt}>{formatVideoDate(draft.updatedAt)}</time>
          </span>
        </div>
      </div>
    </article>
  );
}
