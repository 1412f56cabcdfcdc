// One library card: the shared thumbnail card plus the library's controls — selection checkbox,
// favourite star, Public and Narrated badges, and per status Download and Share with a 'More
// actions' menu (Publish, Remix, Versions, Make Private, View Prompt, Download captions, Move to
// folder), a badge per platform it was published to and, for a job's video held for review,
// Approve and publish, when completed; or Retry when failed.
import type { UserFolder } from '@shared/schemas/library';
import type { Video } from '@shared/schemas/videos';
import {
  Captions,
  Download,
  FileText,
  FolderMinus,
  Globe,
  History,
  Info,
  Lock,
  Mic,
  MoreHorizontal,
  RotateCcw,
  Send,
  Share2,
  Star,
  WandSparkles,
} from 'lucide-react';
import { useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import {
  Menu,
  MenuContent,
  MenuItem,
  MenuLabel,
  MenuSeparator,
  MenuTrigger,
} from '@/components/ui/menu';
import { toast } from '@/components/ui/use-toast';
import { InsufficientCreditsDialog } from '@/entities/credits/components/insufficient-credits-dialog';
import { insufficientCreditsIn } from '@/entities/credits/insufficient-credits';
import { PublicationBadges } from '@/entities/publications/components/publication-badges';
import { VideoThumbnailCard } from '@/entities/videos/components/video-thumbnail-card';
import { canPlay } from '@/entities/videos/video-display';
import { cn } from '@/lib/cn';
import { useAssignFolder } from '../api/assign-folder';
import { useRetryVideo } from '../api/retry-video';
import { useToggleFavorite } from '../api/toggle-favorite';
import { downloadCaptions, downloadVideo } from '../download-video';
import { useShareVideo } from '../hooks/use-share-video';
import { serverMessage } from '../library-errors';
import { HeldReview } from './held-review';
import { ShareConfirmDialog } from './share-confirm-dialog';

export function LibraryVideoCard({
  video,
  selected,
  onToggleSelected,
  userFolders,
  onPlay,
  onShowError,
  onViewPrompt,
  onPublish,
  onRemix,
  onShowVersions,
  remixingId = null,
}: {
  video: Video;
  selected: boolean;
  onToggleSelected: () => void;
  userFolders: readonly UserFolder[];
  onPlay: (video: Video) => void;
  onShowError: (video: Video) => void;
  onViewPrompt: (video: Video) => void;
  /** Opens the Publish dialog; without it the card offers no Publish. */
  onPublish?: (video: Video) => void;
  /** Opens the video as a remix in the storyboard editor (or says why not). */
  onRemix?: (video: Video) => void;
  /** Opens the Versions dialog. */
  onShowVersions?: (video: Video) => void;
  /** The video whose remix is being opened, if any. */
  remixingId?: Video['id'] | null;
}) {
  const title = video.title || 'Untitled video';
  const favorite = useToggleFavorite();
  const retry = useRetryVideo();
  const assign = useAssignFolder();
  const share = useShareVideo();
  const playable = canPlay(video);
  const remixing = remixingId !== null && String(remixingId) === String(video.id);
  const [creditsDialog, setCreditsDialog] = useState<{ open: boolean; remaining: number | null }>({
    open: false,
    remaining: 0,
  });

  const toggleFavorite = () =>
    favorite.mutate(
      { id: video.id, favorites: !video.favorites },
      {
        onError: () =>
          toast({
            title: 'Error',
            description: 'Failed to update favorite status',
            variant: 'destructive',
          }),
      },
    );

  const moveTo = (userFolderId: number | null) =>
    assign.mutate(
      { id: video.id, userFolderId },
      {
        onError: (error) =>
          toast({
            title: 'Error',
            description: serverMessage(error, 'Failed to assign video'),
            variant: 'destructive',
          }),
      },
    );

  const overlay = (
    <>
      <label
        className={cn(
          'flex size-8 cursor-pointer items-center justify-center rounded-md bg-background/85 shadow-sm backdrop-blur transition-opacity has-[:focus-visible]:ring-[3px] has-[:focus-visible]:ring-ring/50',
          // Hidden until hover on pointer devices, unless something is selected; always shown on touch.
          !selected &&
            '[@media(hover:hover)]:opacity-0 [@media(hover:hover)]:group-hover:opacity-100 [@media(hover:hover)]:has-[:focus-visible]:opacity-100',
        )}
      >
        <input
          type="checkbox"
          checked={selected}
          onChange={onToggleSelected}
          aria-label={`Select ${title}`}
          className="size-4 cursor-pointer accent-primary outline-none"
        />
      </label>
      <span className="flex flex-wrap items-center justify-end gap-1.5">
        {video.narrated && (
          <Badge className="border-transparent bg-black/60 text-white" data-testid="narrated-badge">
            <Mic aria-hidden="true" />
            Narrated
          </Badge>
        )}
        {video.isPublic && (
          <Badge className="border-transparent bg-black/60 text-white">
            <Globe aria-hidden="true" />
            Public
          </Badge>
        )}
        <Button
          type="button"
          variant="ghost"
          size="icon"
          aria-label="Favorite"
          aria-pressed={video.favorites}
          disabled={favorite.isPending}
          onClick={toggleFavorite}
          className="size-8 bg-background/85 shadow-sm backdrop-blur hover:bg-background"
        >
          <Star
            aria-hidden="true"
            className={cn(video.favorites ? 'fill-yellow-400 text-yellow-500' : 'text-foreground')}
          />
        </Button>
      </span>
    </>
  );

  let actions: React.ReactNode = null;
  if (playable) {
    const currentFolder = userFolders.find((folder) => folder.id === video.userFolderId);
    // One action in plain sight (what members do most), the rest in one menu: four buttons
    // wrapped onto two rows on a phone.
    actions = (
      <div className="grid gap-2">
        {/* How it was made, when the member should know (shots without stock footage). */}
        {video.notice && (
          <p
            className="flex items-start gap-1.5 text-muted-foreground text-xs"
            data-testid="video-notice"
          >
            <Info className="mt-px size-3.5 shrink-0" aria-hidden="true" />
            <span>{video.notice}</span>
          </p>
        )}
        {onRemix && <HeldReview video={video} onRemix={onRemix} remixPending={remixing} />}
        <PublicationBadges video={video} onShowFailure={onPublish} />
        <div className="flex items-center gap-1.5">
          <Button variant="outline" size="sm" onClick={() => void downloadVideo(video)}>
            <Download aria-hidden="true" />
            Download
          </Button>
          <Button
            variant="outline"
            size="sm"
            onClick={() => void share.share(video)}
            disabled={share.isPending}
          >
            <Share2 aria-hidden="true" />
            Share
          </Button>
          {currentFolder && (
            <span
              className="flex min-w-0 items-center gap-1 text-muted-foreground text-xs"
              title={`In ${currentFolder.folderName}`}
            >
              <span aria-hidden="true">{currentFolder.folderIcon}</span>
              <span className="truncate">
                <span className="sr-only">Folder: </span>
                {currentFolder.folderName}
              </span>
            </span>
          )}
          <Menu>
            <MenuTrigger asChild>
              <Button
                variant="ghost"
                size="icon"
                className="ml-auto size-8"
                aria-label="More actions"
                disabled={share.isPending || assign.isPending || remixing}
              >
                <MoreHorizontal aria-hidden="true" />
              </Button>
            </MenuTrigger>
            <MenuContent align="end">
              {onPublish && (
                <MenuItem onSelect={() => onPublish(video)}>
                  <Send aria-hidden="true" />
                  Publish
                </MenuItem>
              )}
              {onRemix && (
                <MenuItem onSelect={() => onRemix(video)}>
                  <WandSparkles aria-hidden="true" />
                  Remix
                </MenuItem>
              )}
              {onShowVersions && (
                <MenuItem onSelect={() => onShowVersions(video)}>
                  <History aria-hidden="true" />
                  Versions
                </MenuItem>
              )}
              {video.isPublic && (
                <MenuItem onSelect={() => void share.makePrivate(video)}>
                  <Lock aria-hidden="true" />
                  Make Private
                </MenuItem>
              )}
              {video.generatedPrompt && (
                <MenuItem onSelect={() => onViewPrompt(video)}>
                  <FileText aria-hidden="true" />
                  View Prompt
                </MenuItem>
              )}
              {video.captionsUrl && (
                <MenuItem onSelect={() => void downloadCaptions(video)}>
                  <Captions aria-hidden="true" />
                  Download captions (.vtt)
                </MenuItem>
              )}
              <MenuSeparator />
              <MenuLabel>Move to folder</MenuLabel>
              {userFolders.length === 0 && (
                <MenuItem disabled>No folders yet — create one with New Folder</MenuItem>
              )}
              {userFolders.map((folder) => (
                <MenuItem
                  key={folder.id}
                  disabled={folder.id === video.userFolderId}
                  onSelect={() => moveTo(folder.id)}
                >
                  <span aria-hidden="true">{folder.folderIcon}</span>
                  {folder.folderName}
                </MenuItem>
              ))}
              {currentFolder && (
                <MenuItem onSelect={() => moveTo(null)}>
                  <FolderMinus aria-hidden="true" />
                  Remove from folder
                </MenuItem>
              )}
            </MenuContent>
          </Menu>
        </div>
      </div>
    );
  } else if (video.status === 'failed') {
    actions = (
      <Button
        variant="outline"
        size="sm"
        disabled={retry.isPending}
        onClick={() =>
          retry.mutate(video.id, {
            onError: (error) => {
              // No credit to pay for it: the same dialog the Create screen opens.
              const remaining = insufficientCreditsIn(error);
              if (remaining !== undefined) {
                setCreditsDialog({ open: true, remaining });
                return;
              }
              toast({
                title: 'Retry Failed',
                description: 'Failed to retry video. Please try again.',
                variant: 'destructive',
              });
            },
          })
        }
      >
        <RotateCcw aria-hidden="true" className={cn(retry.isPending && 'animate-spin')} />
        Retry
      </Button>
    );
  }

  return (
    <>
      <VideoThumbnailCard
        video={video}
        onPlay={onPlay}
        onShowError={onShowError}
        overlay={overlay}
        actions={actions}
        className={cn('h-full', selected && 'ring-2 ring-primary')}
      />
      <InsufficientCreditsDialog
        open={creditsDialog.open}
        remainingCredits={creditsDialog.remaining}
        onOpenChange={(open) => setCreditsDialog((current) => ({ ...current, open }))}
      />
      <ShareConfirmDialog confirmation={share.confirmation} />
    </>
  );
}
