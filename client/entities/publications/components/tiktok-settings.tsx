// TikTok's own block, as TikTok's guidelines for apps that post ask: who is posting (the creator's
// nickname from creator-info), a required 'Who can watch' choice from the creator's own options and
// never preset, a warning when the video is longer than the creator may post, and the music usage
// confirmation. Creator-info's errors are said in words, with the way to reconnect when that is it.
import {
  TIKTOK_PRIVACY_LABELS,
  type TikTokAllow,
  type TikTokCreatorInfo,
  type TikTokPrivacyLevel,
} from '@shared/schemas/publishing';
import { Link2, Loader2, TriangleAlert } from 'lucide-react';
import { useId } from 'react';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from '@/components/ui/select';
import type { useTikTokCreatorInfo } from '@/entities/connections/api/get-tiktok-creator-info';
import { formatDuration } from '@/entities/videos/video-display';
import { ApiError } from '@/lib/api-client';
import { idList, tooLongForTikTok } from '../publication-display';
import { PlatformIcon } from './platform-icon';

/** TikTok asks apps that post for their users to point to this before posting. */
const TIKTOK_MUSIC_CONFIRMATION_URL =
  'https://www.tiktok.com/legal/page/global/music-usage-confirmation/en';

function creatorInfoProblem(error: unknown): { message: string; reconnect: boolean } {
  if (error instanceof ApiError) {
    const reconnect = error.code === 'NOT_CONNECTED' || error.code === 'RECONNECT_NEEDED';
    return { message: error.message, reconnect };
  }
  return {
    message: 'Your TikTok account could not be reached. Please try again.',
    reconnect: false,
  };
}

export function TikTokSettings({
  query,
  value,
  onChange,
  error,
  label = 'Who can watch this video',
  duration,
  onConnect,
  allow,
  onAllowChange,
}: {
  query: ReturnType<typeof useTikTokCreatorInfo>;
  /** The chosen level, or '' before the member chooses. */
  value: TikTokPrivacyLevel | '';
  onChange: (level: TikTokPrivacyLevel) => void;
  error?: string;
  label?: string;
  /** How long what is posted is, and how to say it ('This video is', "This job's videos are about"). */
  duration?: { seconds: number | null; subject: string };
  onConnect: () => void;
  /** What viewers may do with the post (the Publish dialog asks; a job's runs use TikTok's own). */
  allow?: TikTokAllow;
  onAllowChange?: (allow: TikTokAllow) => void;
}) {
  const id = useId();
  const headingId = `${id}-heading`;
  const selectId = `${id}-who`;
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;

  let body: React.ReactNode;
  if (query.isPending) {
    body = (
      <p className="flex items-center gap-2 text-muted-foreground text-sm" role="status">
        <Loader2 className="size-4 animate-spin" aria-hidden="true" />
        Loading your TikTok account…
      </p>
    );
  } else if (query.isError) {
    const problem = creatorInfoProblem(query.error);
    body = (
      <div role="alert" className="grid gap-2 text-destructive text-sm">
        <p className="flex items-start gap-2">
          <TriangleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          {problem.message}
        </p>
        <div>
          {problem.reconnect ? (
            <Button type="button" variant="outline" size="sm" onClick={onConnect}>
              <Link2 aria-hidden="true" />
              Reconnect TikTok in Profile
            </Button>
          ) : (
            <Button type="button" variant="outline" size="sm" onClick={() => void query.refetch()}>
              Try again
            </Button>
          )}
        </div>
      </div>
    );
  } else {
    const info = query.data;
    const max = info.maxVideoPostDurationSec;
    const tooLong = tooLongForTikTok(duration?.seconds ?? null, max);
    body = (
      <>
        <p className="flex min-w-0 items-center gap-2 text-sm">
          {info.avatarUrl && (
            <img src={info.avatarUrl} alt="" className="size-8 shrink-0 rounded-full" />
          )}
          <span className="min-w-0 break-words">
            Posting as <strong className="font-semibold">{info.nickname}</strong>
            {info.username && <span className="text-muted-foreground"> @{info.username}</span>}
          </span>
        </p>
        <div className="grid gap-2">
          <Label htmlFor={selectId}>
            {label}
            <span className="text-destructive" aria-hidden="true">
              *
            </span>
          </Label>
          <Select
            value={value}
            onValueChange={(next) => {
              const level = info.privacyLevelOptions.find((option) => option === next);
              if (level) onChange(level);
            }}
            required
          >
            <SelectTrigger
              id={selectId}
              aria-required="true"
              aria-invalid={Boolean(error)}
              aria-describedby={idList(hintId, error && errorId)}
            >
              <SelectValue placeholder="Choose who can watch" />
            </SelectTrigger>
            <SelectContent>
              {info.privacyLevelOptions.map((level) => (
                <SelectItem key={level} value={level}>
                  {TIKTOK_PRIVACY_LABELS[level]}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
          <p id={hintId} className="text-muted-foreground text-xs">
            Required: TikTok asks you to choose; nothing is preset.
          </p>
          {error && (
            <p id={errorId} role="alert" className="text-destructive text-sm">
              {error}
            </p>
          )}
        </div>
        {allow && onAllowChange && (
          <InteractionChoices info={info} allow={allow} onChange={onAllowChange} />
        )}
        {tooLong && max != null && duration?.seconds != null && (
          <p
            role="alert"
            className="flex items-start gap-2 text-amber-700 text-sm dark:text-amber-400"
          >
            <TriangleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
            {duration.subject} {formatDuration(duration.seconds)} long; TikTok lets {info.nickname}{' '}
            post videos up to {formatDuration(max)}. Untick TikTok to publish elsewhere.
          </p>
        )}
        <p className="text-muted-foreground text-xs">
          By posting, you agree to TikTok's{' '}
          <a
            href={TIKTOK_MUSIC_CONFIRMATION_URL}
            target="_blank"
            rel="noopener noreferrer"
            className="text-primary underline-offset-4 hover:underline"
          >
            Music Usage Confirmation
          </a>
          .
        </p>
      </>
    );
  }

  return (
    <section
      aria-labelledby={headingId}
      data-testid="tiktok-settings"
      className="mt-2 grid gap-3 rounded-lg border bg-muted/30 p-3"
    >
      <h3 id={headingId} className="flex items-center gap-2 font-medium text-sm">
        <PlatformIcon platform="tiktok" />
        TikTok
      </h3>
      {body}
    </section>
  );
}

const INTERACTIONS = [
  { key: 'comment', label: 'Allow comments', disabledBy: 'commentDisabled' },
  { key: 'duet', label: 'Allow Duet', disabledBy: 'duetDisabled' },
  { key: 'stitch', label: 'Allow Stitch', disabledBy: 'stitchDisabled' },
] as const;

/**
 * Comments, Duet and Stitch, none ticked until the creator chooses (TikTok's guidelines); one the
 * creator turned off in TikTok's settings stays off here, and says so.
 */
function InteractionChoices({
  info,
  allow,
  onChange,
}: {
  info: TikTokCreatorInfo;
  allow: TikTokAllow;
  onChange: (allow: TikTokAllow) => void;
}) {
  const id = useId();
  return (
    <fieldset className="grid gap-1.5">
      <legend className="mb-1 font-medium text-sm">Viewers may</legend>
      {INTERACTIONS.map(({ key, label, disabledBy }) => {
        const off = info[disabledBy];
        const inputId = `${id}-${key}`;
        return (
          <div key={key} className="flex flex-wrap items-center gap-2 text-sm">
            <input
              id={inputId}
              type="checkbox"
              checked={!off && allow[key]}
              disabled={off}
              onChange={(event) => onChange({ ...allow, [key]: event.target.checked })}
              className="size-4 shrink-0 cursor-pointer accent-primary disabled:cursor-not-allowed"
            />
            <label htmlFor={inputId} className={off ? 'text-muted-foreground' : 'cursor-pointer'}>
              {label}
            </label>
            {off && (
              <span className="text-muted-foreground text-xs">(off in your TikTok settings)</span>
            )}
          </div>
        );
      })}
    </fieldset>
  );
}
