// The picker's search: words in, our pictures (in the storyboard's language) and, where the server
// has Pexels or Pixabay, stock clips and photos out, each credited. Sent when the member presses
// Search rather than at every key.
import type { StoryboardVisual, VisualCandidate } from '@shared/schemas/storyboards';
import { Loader2, Search } from 'lucide-react';
import { useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { useVisualSearch } from '../api/search-visuals';
import { CandidateGrid } from './candidate-grid';

export function VisualSearch({
  storyboardId,
  shown,
  aspectRatio,
  onChoose,
}: {
  storyboardId: number;
  shown: StoryboardVisual | null;
  aspectRatio: 'landscape' | 'portrait';
  onChoose: (candidate: VisualCandidate) => void;
}) {
  const inputId = useId();
  const [text, setText] = useState('');
  const [searched, setSearched] = useState('');
  const search = useVisualSearch(storyboardId, searched);
  const results = search.data ?? [];
  const pictures = results.filter((candidate) => candidate.source !== 'stock');
  const stock = results.filter((candidate) => candidate.source === 'stock');

  return (
    <section className="grid gap-3">
      <h3 className="font-medium text-sm">Search pictures</h3>
      <form
        className="flex gap-2"
        onSubmit={(event) => {
          event.preventDefault();
          setSearched(text.trim());
        }}
      >
        <Label htmlFor={inputId} className="sr-only">
          Search pictures
        </Label>
        <Input
          id={inputId}
          type="search"
          value={text}
          maxLength={100}
          placeholder="A word, like harbour or coffee"
          onChange={(event) => setText(event.currentTarget.value)}
          className="min-w-0 flex-1"
        />
        <Button type="submit" variant="outline" disabled={!text.trim()}>
          {search.isFetching ? (
            <Loader2 className="animate-spin" aria-hidden="true" />
          ) : (
            <Search aria-hidden="true" />
          )}
          Search
        </Button>
      </form>
      <div aria-live="polite" className="grid gap-2">
        {search.isError && (
          <p className="text-red-700 text-sm dark:text-red-300">{search.error.message}</p>
        )}
        {searched && search.isSuccess && !search.isPlaceholderData && results.length === 0 && (
          <p className="text-muted-foreground text-sm">
            No pictures match “{searched}”. Try another word.
          </p>
        )}
        {pictures.length > 0 && (
          <CandidateGrid
            label={`Pictures for “${searched}”`}
            candidates={pictures}
            shown={shown}
            aspectRatio={aspectRatio}
            onChoose={onChoose}
          />
        )}
        {stock.length > 0 && (
          <>
            <h4 className="mt-1 font-medium text-muted-foreground text-xs">Stock footage</h4>
            <CandidateGrid
              label={`Stock footage for “${searched}”`}
              candidates={stock}
              shown={shown}
              aspectRatio={aspectRatio}
              onChoose={onChoose}
            />
          </>
        )}
      </div>
    </section>
  );
}
