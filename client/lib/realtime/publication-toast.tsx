// What a publication's push says when it settles: 'Published to YouTube' with a way to the post,
// or 'TikTok publishing failed' with the reason. Statuses on the way (queued, uploading,
// processing) say nothing: the library's badges show them.
import { TIMINGS } from '@shared/limits';
import { PLATFORM_LABELS, type Publication } from '@shared/schemas/publishing';
import { Toast as ToastPrimitive } from 'radix-ui';
import { buttonVariants } from '@/components/ui/button';
import type { ToastInput } from '@/components/ui/use-toast';

export function publicationToast(publication: Publication): ToastInput | null {
  const label = PLATFORM_LABELS[publication.platform];
  if (publication.status === 'published') {
    return {
      key: `publication:${publication.id}:published`,
      title: `Published to ${label}`,
      description: `"${publication.title}" is live on ${label}.`,
      variant: 'success',
      duration: TIMINGS.successToastMs,
      action: publication.postUrl ? (
        <ToastPrimitive.Action altText={`View the post on ${label}`} asChild>
          <a
            href={publication.postUrl}
            target="_blank"
            rel="noopener noreferrer"
            className={buttonVariants({ variant: 'outline', size: 'sm' })}
          >
            View post
          </a>
        </ToastPrimitive.Action>
      ) : undefined,
    };
  }
  if (publication.status === 'failed') {
    return {
      key: `publication:${publication.id}:failed`,
      title: `${label} publishing failed`,
      description: publication.error ?? `"${publication.title}" could not be published.`,
      variant: 'destructive',
      duration: TIMINGS.errorToastMs,
    };
  }
  return null;
}
