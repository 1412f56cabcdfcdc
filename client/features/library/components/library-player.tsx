// The library's full-screen player: a <video> (with its captions and chapters tracks when it has
// them) under a custom control bar (play/pause, restart, mute, seekable progress with a tick at each
// chapter, time and the chapter's name, CC, fullscreen; above: download, download captions, share,
// publish, remix, close). CC starts off where the frames carry the captions already, on otherwise. A failed
// video opens it too, to show why it failed, with download and share disabled. Radix Dialog gives
// focus trapping, Escape to close and focus return; toasts keep below the top bar while it is open.
import type { Video } from '@shared/schemas/videos';
import {
  AlertTriangle,
  Captions,
  ClosedCaption,
  Download,
  Maximize,
  Minimize,
  Pause,
  Play,
  RotateCcw,
  Send,
  Share2,
  Volume2,
  VolumeX,
  WandSparkles,
  X,
} from 'lucide-react';
import { Dialog } from 'radix-ui';
import { useEffect, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { useToastsBelow } from '@/components/ui/use-toasts-below';
import {
  type Chapter,
  ChaptersTrack,
  chapterAt,
} from '@/entities/videos/components/chapters-track';
import { canPlay, formatDuration } from '@/entities/videos/video-display';
import {
  CaptionsTrack,
  captionsShownAtFirst,
  useCaptionsToggle,
} from '@/entities/voices/components/captions-track';
import { cn } from '@/lib/cn';
import { downloadCaptions, downloadVideo } from '../download-video';
import { useShareVideo } from '../hooks/use-share-video';
import { downloadUrl } from '../video-links';
import { ShareConfirmDialog } from './share-confirm-dialog';

const SEEK_STEP_SECONDS = 5;

function ControlButton({
  label,
  onClick,
  disabled,
  pressed,
  children,
}: {
  label: string;
  onClick: () => void;
  disabled?: boolean;
  /** A toggle (CC): its state is announced and drawn, not only its name. */
  pressed?: boolean;
  children: React.ReactNode;
}) {
  return (
    <Button
      type="button"
      variant="ghost"
      size="icon"
      aria-label={label}
      title={label}
      onClick={onClick}
      aria-pressed={pressed}
      // Still focusable and announced when unavailable, so the toast can say why.
      aria-disabled={disabled || undefined}
      className={cn(
        'relative size-10 text-white hover:bg-white/15 hover:text-white',
        // On: a lit background and a bar under the icon, readable without colour.
        pressed &&
          'bg-white/20 after:absolute after:inset-x-2.5 after:bottom-1.5 after:h-0.5 after:rounded-full after:bg-white',
        disabled && 'opacity-50',
      )}
    >
      {children}
    </Button>
  );
}

export function LibraryPlayer({
  video,
  onClose,
  returnFocusTo,
  onPublish,
  onRemix,
  remixingId = null,
}: {
  video: Video | null;
  onClose: () => void;
  /** Where focus goes when the player closes: the card it was opened from. */
  returnFocusTo?: () => HTMLElement | null;
  /** Opens the Publish dialog for a finished video; without it the player offers no Publish. */
  onPublish?: (video: Video) => void;
  /** Opens a finished video as a remix; without it the player offers no Remix. */
  onRemix?: (video: Video) => void;
  /** The video whose remix is being opened, if any. */
  remixingId?: Video['id'] | null;
}) {
  return (
    <Dialog.Root open={video !== null} onOpenChange={(open) => !open && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/95" />
        <Dialog.Content
          data-testid="library-player"
          aria-describedby={undefined}
          // Radix returns focus to what had it before opening, which is the page itself when the
          // card was clicked with a mouse or re-rendered meanwhile: the card is where the member was.
          onCloseAutoFocus={(event) => {
            const target = returnFocusTo?.();
            if (!target) return;
            event.preventDefault();
            target.focus();
          }}
          className="fixed inset-0 z-50 flex flex-col text-white outline-none"
        >
          {video && (
            <PlayerBody
              key={video.id}
              video={video}
              onClose={onClose}
              onPublish={onPublish}
              onRemix={onRemix}
              remixing={remixingId !== null && String(remixingId) === String(video.id)}
            />
          )}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

function PlayerBody({
  video,
  onClose,
  onPublish,
  onRemix,
  remixing,
}: {
  video: Video;
  onClose: () => void;
  onPublish?: (video: Video) => void;
  onRemix?: (video: Video) => void;
  remixing: boolean;
}) {
  const frameRef = useRef<HTMLDivElement>(null);
  const topBarRef = useRef<HTMLDivElement>(null);
  const videoRef = useRef<HTMLVideoElement>(null);
  const [playing, setPlaying] = useState(false);
  const [muted, setMuted] = useState(false);
  const [current, setCurrent] = useState(0);
  const [duration, setDuration] = useState(video.duration ?? 0);
  const [fullscreen, setFullscreen] = useState(false);
  const share = useShareVideo();
  const playable = canPlay(video);
  const failed = video.status === 'failed';
  const download = playable ? downloadUrl(video) : null;
  const title = video.title || 'Untitled video';
  const captions = useCaptionsToggle(videoRef, captionsShownAtFirst(video));
  const [chapters, setChapters] = useState<Chapter[]>([]);
  const chapter = chapterAt(chapters, current);
  useToastsBelow(topBarRef);

  useEffect(() => {
    const sync = () => setFullscreen(document.fullscreenElement === frameRef.current);
    document.addEventListener('fullscreenchange', sync);
    return () => document.removeEventListener('fullscreenchange', sync);
  }, []);

  const element = () => videoRef.current;
  const togglePlay = () => {
    const media = element();
    if (!media) return;
    if (media.paused) void media.play().catch(() => setPlaying(false));
    else media.pause();
  };
  const restart = () => {
    const media = element();
    if (!media) return;
    media.currentTime = 0;
    void media.play().catch(() => setPlaying(false));
  };
  const toggleMute = () => {
    const media = element();
    if (!media) return;
    media.muted = !media.muted;
    setMuted(media.muted);
  };
  const seekTo = (seconds: number) => {
    const media = element();
    if (!media) return;
    const target = Math.min(Math.max(0, seconds), duration || media.duration || 0);
    media.currentTime = target;
    setCurrent(target);
  };
  const toggleFullscreen = () => {
    if (document.fullscreenElement) void document.exitFullscreen?.().catch(() => undefined);
    else void frameRef.current?.requestFullscreen?.().catch(() => undefined);
  };
  // Both explain themselves for a failed video ('Download / Share Not Available').
  const startDownload = () => void downloadVideo(video);
  const startShare = () => {
    // A private video asks first, in a dialog over the page, which a full-screen frame would hide.
    if (!video.isPublic && document.fullscreenElement) {
      void document.exitFullscreen?.().catch(() => undefined);
    }
    void share.share(video);
  };
  const startPublish = () => {
    // The dialog opens over the page, which a full-screen frame would hide.
    if (document.fullscreenElement) void document.exitFullscreen?.().catch(() => undefined);
    onPublish?.(video);
  };
  const startRemix = () => {
    if (remixing) return;
    // The editor (or the upgrade dialog) opens over the page, which a full-screen frame would hide.
    if (document.fullscreenElement) void document.exitFullscreen?.().catch(() => undefined);
    onRemix?.(video);
  };

  const onSliderKey = (event: React.KeyboardEvent) => {
    const steps: Record<string, number> = {
      ArrowRight: SEEK_STEP_SECONDS,
      ArrowUp: SEEK_STEP_SECONDS,
      ArrowLeft: -SEEK_STEP_SECONDS,
      ArrowDown: -SEEK_STEP_SECONDS,
    };
    if (event.key in steps) seekTo(current + (steps[event.key] ?? 0));
    else if (event.key === 'Home') seekTo(0);
    else if (event.key === 'End') seekTo(duration);
    else return;
    event.preventDefault();
  };
  const onSliderPointer = (event: React.PointerEvent<HTMLDivElement>) => {
    const rect = event.currentTarget.getBoundingClientRect();
    if (rect.width <= 0) return;
    seekTo(((event.clientX - rect.left) / rect.width) * duration);
  };
  const percent = duration > 0 ? Math.min(100, (current / duration) * 100) : 0;
  // A tick where each chapter after the first begins.
  const ticks =
    duration > 0
      ? chapters
          .filter((item) => item.start > 0 && item.start < duration)
          .map((item) => ({ key: item.start, left: (item.start / duration) * 100 }))
      : [];

  return (
    <div ref={frameRef} className="flex h-full flex-col bg-black">
      <div
        ref={topBarRef}
        data-testid="player-top-bar"
        className="flex items-center gap-0.5 px-3 py-2 sm:gap-3 sm:px-4"
      >
        <Dialog.Title className="mr-1.5 min-w-0 flex-1 truncate font-medium text-sm sm:mr-0 sm:text-base">
          {title}
        </Dialog.Title>
        <ControlButton label="Download" onClick={startDownload} disabled={!download}>
          <Download aria-hidden="true" />
        </ControlButton>
        {playable && video.captionsUrl && (
          <ControlButton
            label="Download captions (.vtt)"
            onClick={() => void downloadCaptions(video)}
          >
            <Captions aria-hidden="true" />
          </ControlButton>
        )}
        <ControlButton label="Share" onClick={startShare} disabled={!playable}>
          <Share2 aria-hidden="true" />
        </ControlButton>
        {onPublish && playable && (
          <ControlButton label="Publish" onClick={startPublish}>
            <Send aria-hidden="true" />
          </ControlButton>
        )}
        {onRemix && playable && (
          <ControlButton label="Remix" onClick={startRemix} disabled={remixing}>
            <WandSparkles aria-hidden="true" />
          </ControlButton>
        )}
        <ControlButton label="Close" onClick={onClose}>
          <X aria-hidden="true" />
        </ControlButton>
      </div>

      <div className="relative flex min-h-0 flex-1 items-center justify-center">
        {playable && video.videoUrl ? (
          // biome-ignore lint/a11y/useMediaCaption: the track is there whenever the video has captions; older videos carry them only in the frames
          <video
            ref={videoRef}
            src={video.videoUrl}
            poster={video.thumbnailUrl ?? undefined}
            autoPlay
            playsInline
            onClick={togglePlay}
            onPlay={() => setPlaying(true)}
            onPause={() => setPlaying(false)}
            onEnded={() => setPlaying(false)}
            onTimeUpdate={(event) => setCurrent(event.currentTarget.currentTime)}
            onLoadedMetadata={(event) => {
              const seconds = event.currentTarget.duration;
              if (Number.isFinite(seconds) && seconds > 0) setDuration(seconds);
            }}
            onVolumeChange={(event) => setMuted(event.currentTarget.muted)}
            className="max-h-full max-w-full"
          >
            <CaptionsTrack video={video} shown={captions.shown} />
            {video.chaptersUrl && (
              <ChaptersTrack src={video.chaptersUrl} onChapters={setChapters} />
            )}
          </video>
        ) : (
          <div role="alert" className="mx-4 flex max-w-md flex-col items-center gap-3 text-center">
            <AlertTriangle aria-hidden="true" className="size-10 text-red-400" />
            <p className="font-semibold text-lg">
              {failed ? 'This video failed' : 'Not ready yet'}
            </p>
            <p className="text-sm text-white/80">
              {video.errorMessage ??
                (failed
                  ? 'Something went wrong while making this video. You can retry it from the library.'
                  : 'This video can be played once it has finished.')}
            </p>
          </div>
        )}
      </div>

      {playable && (
        <div className="flex flex-col gap-2 px-3 pt-1 pb-[max(0.75rem,env(safe-area-inset-bottom))] sm:px-4">
          <div
            role="slider"
            tabIndex={0}
            aria-label="Seek"
            aria-valuemin={0}
            aria-valuemax={Math.round(duration)}
            aria-valuenow={Math.round(current)}
            aria-valuetext={`${formatDuration(current)} of ${formatDuration(duration)}${chapter?.title ? `, ${chapter.title}` : ''}`}
            onKeyDown={onSliderKey}
            onPointerDown={onSliderPointer}
            className="group relative flex h-5 cursor-pointer items-center outline-none focus-visible:ring-2 focus-visible:ring-white/70"
          >
            <div className="relative h-1.5 w-full overflow-hidden rounded-full bg-white/25">
              <div className="h-full bg-white" style={{ width: `${percent}%` }} />
              {/* A gap in the bar where a chapter begins, as the big players mark them. */}
              {ticks.map((tick) => (
                <span
                  key={tick.key}
                  aria-hidden="true"
                  data-testid="chapter-tick"
                  className="absolute inset-y-0 w-0.5 -translate-x-1/2 bg-black"
                  style={{ left: `${tick.left}%` }}
                />
              ))}
            </div>
            <span
              aria-hidden="true"
              className="absolute size-3.5 -translate-x-1/2 rounded-full bg-white shadow"
              style={{ left: `${percent}%` }}
            />
          </div>
          <div className="flex items-center gap-1">
            <ControlButton label={playing ? 'Pause' : 'Play'} onClick={togglePlay}>
              {playing ? <Pause aria-hidden="true" /> : <Play aria-hidden="true" />}
            </ControlButton>
            <ControlButton label="Restart" onClick={restart}>
              <RotateCcw aria-hidden="true" />
            </ControlButton>
            <ControlButton label={muted ? 'Unmute' : 'Mute'} onClick={toggleMute}>
              {muted ? <VolumeX aria-hidden="true" /> : <Volume2 aria-hidden="true" />}
            </ControlButton>
            <span
              className="ml-2 shrink-0 text-sm text-white/85 tabular-nums"
              data-testid="player-time"
            >
              {formatDuration(current)} / {formatDuration(duration)}
            </span>
            {/* The chapter's name where there is room for it; the Seek slider says it anyway. */}
            {chapter?.title && (
              <span
                className="ml-2 hidden min-w-0 truncate text-sm text-white/85 sm:block"
                data-testid="player-chapter"
              >
                {chapter.title}
              </span>
            )}
            <span className="ml-auto flex shrink-0 items-center gap-1">
              {video.captionsUrl && (
                <ControlButton label="Captions" onClick={captions.toggle} pressed={captions.shown}>
                  <ClosedCaption aria-hidden="true" />
                </ControlButton>
              )}
              <ControlButton
                label={fullscreen ? 'Exit full screen' : 'Full screen'}
                onClick={toggleFullscreen}
              >
                {fullscreen ? <Minimize aria-hidden="true" /> : <Maximize aria-hidden="true" />}
              </ControlButton>
            </span>
          </div>
        </div>
      )}
      <ShareConfirmDialog confirmation={share.confirmation} />
    </div>
  );
}
