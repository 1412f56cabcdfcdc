// Copying a link to the clipboard (spec/api.md §8.3, §9.5): the button reads 'Copied!' for 2 s and a
// 'Link Copied!' toast confirms; a refused clipboard says 'Copy Failed'.
import { TIMINGS } from '@shared/limits';
import { useCallback, useEffect, useRef, useState } from 'react';
import { toast } from '@/components/ui/use-toast';

/** Copies the link; the button reads 'Copied!' for 2 s and a toast confirms (spec/api.md §8.3). */
export function useCopyLink(url: string, copiedDescription: string) {
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => () => clearTimeout(timer.current), []);

  const copy = useCallback(async () => {
    try {
      await navigator.clipboard.writeText(url);
    } catch {
      toast({
        title: 'Copy Failed',
        description: 'Could not copy link to clipboard',
        variant: 'destructive',
      });
      return;
    }
    setCopied(true);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setCopied(false), TIMINGS.copiedLabelMs);
    toast({
      title: 'Link Copied!',
      description: copiedDescription,
      duration: TIMINGS.copyToastMs,
    });
  }, [url, copiedDescription]);

  return { copied, copy };
}
