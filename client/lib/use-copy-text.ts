// Copying text to the clipboard: `copied` is true for 2 s after a copy (the button says so), and a
// refused clipboard raises a 'Copy Failed' toast with the caller's words on what to do instead.
import { TIMINGS } from '@shared/limits';
import { useCallback, useEffect, useRef, useState } from 'react';
import { toast } from '@/components/ui/use-toast';

export function useCopyText(
  text: string,
  { failedDescription, onCopied }: { failedDescription: string; onCopied?: () => void },
) {
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => () => clearTimeout(timer.current), []);

  const copy = useCallback(async () => {
    try {
      await navigator.clipboard.writeText(text);
    } catch {
      toast({ title: 'Copy Failed', description: failedDescription, variant: 'destructive' });
      return;
    }
    setCopied(true);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setCopied(false), TIMINGS.copiedLabelMs);
    onCopied?.();
  }, [text, failedDescription, onCopied]);

  return { copied, copy };
}
