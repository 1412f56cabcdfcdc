// The Publish dialog: where a finished video goes (each connected platform, or the way to connect
// it), who may watch it, and its title, description and hashtags, prefilled from the video's own
// plan. TikTok gets its own block as TikTok's guidelines ask: the creator's name, a 'Who can watch'
// choice from the creator's own options with no preset, and a warning for a video too long to post.
// Below, what this video was already published as. Radix Dialog traps focus and returns it.

import { zodResolver } from '@hookform/resolvers/zod';
import { footageCreditLine } from '@shared/footage-credits';
import { TIMINGS } from '@shared/limits';
import {
  PLATFORM_LABELS,
  type Platform,
  PUBLISH_LIMITS,
  type Publication,
} from '@shared/schemas/publishing';
import type { Video } from '@shared/schemas/videos';
import { ExternalLink, Loader2, Send } from 'lucide-react';
import { useId, useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { CharacterCount } from '@/components/ui/character-count';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import { toast } from '@/components/ui/use-toast';
import { useConnections } from '@/entities/connections/api/get-connections';
import { useTikTokCreatorInfo } from '@/entities/connections/api/get-tiktok-creator-info';
import { useAppNavigation } from '@/lib/app-navigation';
import { cn } from '@/lib/cn';
import { useVideoPublications } from '../api/get-video-publications';
import { usePublishVideo } from '../api/publish-video';
import {
  idList,
  platformChoices,
  platformList,
  platformTaken,
  tooLongForTikTok,
  usesPrivacy,
} from '../publication-display';
import {
  type PublishFormOutput,
  type PublishFormValues,
  publishFormDefaults,
  publishFormSchema,
  toPublishInput,
} from '../publish-form';
import { ConnectionsGate, PlatformChoiceRow } from './platform-choice-row';
import { PlatformIcon } from './platform-icon';
import { PrivacyPicker } from './privacy-picker';
import { PublicationStatusBadge } from './publication-status-badge';
import { TikTokSettings } from './tiktok-settings';

const publishedAt = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
});

export function PublishDialog({ video, onClose }: { video: Video | null; onClose: () => void }) {
  // The last video stays in the dialog while it animates closed.
  const [shown, setShown] = useState(video);
  if (video && video !== shown) setShown(video);
  const current = video ?? shown;
  return (
    <Dialog open={video !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent
        className="sm:max-w-xl"
        data-testid="publish-dialog"
        // The dialog itself takes focus, so its title and description are read first and the
        // prefilled title is not the first thing a keystroke changes.
        onOpenAutoFocus={(event) => {
          event.preventDefault();
          (event.currentTarget as HTMLElement | null)?.focus();
        }}
      >
        <DialogHeader>
          <DialogTitle>Publish Video</DialogTitle>
          <DialogDescription className="break-words">
            Post “{current?.title || 'Untitled video'}” to your channels.
          </DialogDescription>
        </DialogHeader>
        {current && <PublishForm key={current.id} video={current} onClose={onClose} />}
      </DialogContent>
    </Dialog>
  );
}

function ErrorLine({ id, message }: { id: string; message: string | undefined }) {
  if (!message) return null;
  return (
    <p id={id} role="alert" className="text-destructive text-sm">
      {message}
    </p>
  );
}

function PublishForm({ video, onClose }: { video: Video; onClose: () => void }) {
  const id = useId();
  const ids = {
    title: `${id}-title`,
    titleCount: `${id}-title-count`,
    titleError: `${id}-title-error`,
    description: `${id}-description`,
    descriptionCount: `${id}-description-count`,
    descriptionError: `${id}-description-error`,
    hashtags: `${id}-hashtags`,
    hashtagsHint: `${id}-hashtags-hint`,
    hashtagsError: `${id}-hashtags-error`,
    platformsLegend: `${id}-platforms`,
    platformsError: `${id}-platforms-error`,
  };
  const { navigate } = useAppNavigation();
  const connections = useConnections();
  const history = useVideoPublications(video.id);
  const publish = usePublishVideo();
  const form = useForm<PublishFormValues, unknown, PublishFormOutput>({
    resolver: zodResolver(publishFormSchema),
    defaultValues: publishFormDefaults(video),
  });
  const { errors } = form.formState;
  const [platforms, title, description, tiktokLevel] = useWatch({
    control: form.control,
    name: ['platforms', 'title', 'description', 'tiktokPrivacyLevel'],
  });
  // Stock footage's credit, offered for the description (Pexels asks for one).
  const creditLine = footageCreditLine(video.assets ?? []);
  const tiktokChecked = platforms.includes('tiktok');
  const creatorInfo = useTikTokCreatorInfo(tiktokChecked);
  const tooLong = tooLongForTikTok(
    video.duration,
    creatorInfo.data?.maxVideoPostDurationSec ?? null,
  );
  // TikTok is ready only with the creator's options loaded, one chosen, and a video it takes.
  const tiktokBlocked = tiktokChecked && (!creatorInfo.data || !tiktokLevel || tooLong);
  const choices = connections.data ? platformChoices(connections.data) : [];
  const publications = history.data ?? [];

  const goToConnections = () => {
    onClose();
    navigate('profile', { anchor: 'connections', delayMs: TIMINGS.supportScrollDelayMs });
  };

  const togglePlatform = (platform: Platform, checked: boolean) => {
    const next = checked
      ? [...platforms, platform]
      : platforms.filter((chosen) => chosen !== platform);
    form.setValue('platforms', next, { shouldValidate: form.formState.isSubmitted });
  };

  const submit = form.handleSubmit(async (values) => {
    try {
      await publish.mutateAsync({ videoId: video.id, input: toPublishInput(values) });
    } catch (error) {
      toast({
        title: 'Could Not Publish',
        description:
          error instanceof Error && error.message
            ? error.message
            : 'Something went wrong. Please try again.',
        variant: 'destructive',
      });
      return;
    }
    toast({
      title: 'Publishing Started',
      description: `Publishing to ${platformList(values.platforms)}. You will hear when it is live.`,
    });
    onClose();
  });

  return (
    <form onSubmit={submit} noValidate aria-label="Publish video" className="grid gap-5">
      <fieldset
        className="grid gap-2"
        aria-describedby={errors.platforms ? ids.platformsError : undefined}
      >
        <legend id={ids.platformsLegend} className="mb-2 font-medium text-sm">
          Publish to
        </legend>
        <ConnectionsGate
          connections={connections}
          hasChoices={choices.length > 0}
          placeholderClassName="h-32"
        >
          <ul className="grid gap-2">
            {choices.map((choice) => (
              <li key={choice.platform}>
                <PlatformChoiceRow
                  choice={choice}
                  checked={platforms.includes(choice.platform)}
                  taken={platformTaken(publications, choice.platform)}
                  onToggle={(checked) => togglePlatform(choice.platform, checked)}
                  onConnect={goToConnections}
                />
                {choice.platform === 'tiktok' && tiktokChecked && (
                  <Controller
                    control={form.control}
                    name="tiktokPrivacyLevel"
                    render={({ field }) => (
                      <Controller
                        control={form.control}
                        name="tiktokAllow"
                        render={({ field: allow }) => (
                          <TikTokSettings
                            query={creatorInfo}
                            value={field.value}
                            onChange={field.onChange}
                            error={errors.tiktokPrivacyLevel?.message}
                            duration={{ seconds: video.duration, subject: 'This video is' }}
                            onConnect={goToConnections}
                            allow={allow.value}
                            onAllowChange={allow.onChange}
                          />
                        )}
                      />
                    )}
                  />
                )}
              </li>
            ))}
          </ul>
        </ConnectionsGate>
        <ErrorLine id={ids.platformsError} message={errors.platforms?.message} />
      </fieldset>

      {usesPrivacy(platforms) && (
        <Controller
          control={form.control}
          name="privacy"
          render={({ field }) => <PrivacyPicker value={field.value} onChange={field.onChange} />}
        />
      )}

      <div className="grid gap-2">
        <div className="flex items-center justify-between gap-2">
          <Label htmlFor={ids.title}>Title</Label>
          <CharacterCount id={ids.titleCount} length={title.length} max={PUBLISH_LIMITS.titleMax} />
        </div>
        <Input
          id={ids.title}
          aria-invalid={Boolean(errors.title)}
          aria-describedby={idList(ids.titleCount, errors.title && ids.titleError)}
          {...form.register('title')}
        />
        <ErrorLine id={ids.titleError} message={errors.title?.message} />
      </div>

      <div className="grid gap-2">
        <div className="flex items-center justify-between gap-2">
          <Label htmlFor={ids.description}>Description</Label>
          <CharacterCount
            id={ids.descriptionCount}
            length={description.length}
            max={PUBLISH_LIMITS.descriptionMax}
          />
        </div>
        <Textarea
          id={ids.description}
          rows={4}
          aria-invalid={Boolean(errors.description)}
          aria-describedby={idList(
            ids.descriptionCount,
            errors.description && ids.descriptionError,
          )}
          {...form.register('description')}
        />
        <ErrorLine id={ids.descriptionError} message={errors.description?.message} />
        {creditLine && (
          <div className="flex flex-wrap items-center justify-between gap-2 rounded-md border border-dashed px-3 py-2 text-sm">
            <span className="min-w-0 text-muted-foreground [overflow-wrap:anywhere]">
              {creditLine}
            </span>
            <Button
              type="button"
              variant="outline"
              size="sm"
              disabled={description.includes(creditLine)}
              onClick={() =>
                form.setValue(
                  'description',
                  description.trim() ? `${description.trimEnd()}\n\n${creditLine}` : creditLine,
                  { shouldDirty: true, shouldValidate: true },
                )
              }
            >
              {description.includes(creditLine) ? 'Credits added' : 'Add footage credits'}
            </Button>
          </div>
        )}
      </div>

      <div className="grid gap-2">
        <Label htmlFor={ids.hashtags}>Hashtags</Label>
        <Input
          id={ids.hashtags}
          autoCapitalize="none"
          spellCheck={false}
          placeholder="#travel #sunset"
          aria-invalid={Boolean(errors.hashtags)}
          aria-describedby={idList(ids.hashtagsHint, errors.hashtags && ids.hashtagsError)}
          {...form.register('hashtags')}
        />
        <p id={ids.hashtagsHint} className="text-muted-foreground text-xs">
          Up to {PUBLISH_LIMITS.hashtagsMax}, separated by spaces; letters, digits and _ only.
        </p>
        <ErrorLine id={ids.hashtagsError} message={errors.hashtags?.message} />
      </div>

      {publications.length > 0 && <PublicationHistory publications={publications} />}

      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button type="button" variant="outline" onClick={onClose}>
          Cancel
        </Button>
        <Button type="submit" variant="brand" disabled={publish.isPending || tiktokBlocked}>
          {publish.isPending ? (
            <Loader2 className="animate-spin" aria-hidden="true" />
          ) : (
            <Send aria-hidden="true" />
          )}
          Publish
        </Button>
      </div>
    </form>
  );
}

function PublicationHistory({ publications }: { publications: readonly Publication[] }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="grid gap-2">
      <h3 id={headingId} className="font-medium text-sm">
        This video on your channels
      </h3>
      <ul className="grid gap-2">
        {publications.map((publication) => {
          const label = PLATFORM_LABELS[publication.platform];
          const when = publication.publishedAt ?? publication.updatedAt;
          return (
            <li
              key={publication.id}
              data-testid="publication-row"
              className="grid gap-1 rounded-lg border p-3 text-sm"
            >
              <div className="flex flex-wrap items-center gap-2">
                <PlatformIcon platform={publication.platform} />
                <span className="font-medium">{label}</span>
                <PublicationStatusBadge publication={publication} />
                <time dateTime={when} className="ml-auto text-muted-foreground text-xs">
                  {publishedAt.format(new Date(when))}
                </time>
              </div>
              {publication.status === 'published' && publication.postUrl && (
                <a
                  href={publication.postUrl}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="flex w-fit items-center gap-1 text-primary underline-offset-4 hover:underline"
                >
                  View post on {label}
                  <ExternalLink className="size-3.5" aria-hidden="true" />
                </a>
              )}
              {publication.error && (
                <p
                  className={cn(
                    'break-words',
                    publication.status === 'failed' ? 'text-destructive' : 'text-muted-foreground',
                  )}
                >
                  {publication.error}
                </p>
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
