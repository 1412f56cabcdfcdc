// Copying a link to the clipboard (spec/api.md §8.3, §9.5): the button reads 'Copied!' for 2 s and a
// 'Link Copied!' toast confirms; a refused clipboard says 'Copy Failed'.
import { TIMINGS } from '@shared/limits';
import { useCallback } from 'react';
import { toast } from '@/components/ui/use-toast';
import { useCopyText } from './use-copy-text';

/** Copies the link; the button reads 'Copied!' for 2 s and a toast confirms (spec/api.md §8.3). */
export function useCopyLink(url: string, copiedDescription: string) {
  const onCopied = useCallback(
    () =>
      toast({
        title: 'Link Copied!',
        description: copiedDescription,
        duration: TIMINGS.copyToastMs,
      }),
    [copiedDescription],
  );
  return useCopyText(url, { failedDescription: 'Could not copy link to clipboard', onCopied });
}
