// Everything the Library opens over its grid: the full-screen player, Publish, a video's prompt,
// its Versions, Remix's 'Premium Feature', Combine, New Folder, Remove Folder and the delete
// confirmation.
import type { Video } from '@shared/schemas/videos';
import { PremiumFeatureDialog } from '@/entities/plans/components/premium-feature-dialog';
import { PublishDialog } from '@/entities/publications/components/publish-dialog';
import type { LibraryDialogState } from '../hooks/use-library-dialogs';
import type { RemixAction } from '../hooks/use-remix-action';
import { combinableVideos } from '../library-selection';
import { CombineVideosDialog } from './combine-videos-dialog';
import { DeleteVideosDialog } from './delete-videos-dialog';
import { GenerationPromptDialog } from './generation-prompt-dialog';
import { LibraryPlayer } from './library-player';
import { NewFolderDialog } from './new-folder-dialog';
import { RemoveFolderDialog } from './remove-folder-dialog';
import { VideoVersionsDialog } from './video-versions-dialog';

export function LibraryDialogs({
  dialogs,
  remix,
  chosen,
  onCombined,
  onFolderRemoved,
  onConfirmDelete,
}: {
  dialogs: LibraryDialogState;
  remix: RemixAction;
  /** The selected videos, which Combine and Delete act on. */
  chosen: readonly Video[];
  onCombined: () => void;
  onFolderRemoved: () => void;
  onConfirmDelete: () => void;
}) {
  return (
    <>
      <LibraryPlayer
        video={dialogs.playing}
        onClose={dialogs.stopPlaying}
        returnFocusTo={dialogs.playedCard}
        onPublish={dialogs.setPublishing}
        onRemix={remix.start}
        remixingId={remix.pendingId}
      />
      <PublishDialog video={dialogs.publishing} onClose={() => dialogs.setPublishing(null)} />
      <VideoVersionsDialog video={dialogs.versionsOf} onClose={() => dialogs.setVersionsOf(null)} />
      <PremiumFeatureDialog
        open={remix.upgrade.open}
        description={remix.upgrade.message}
        onOpenChange={remix.setUpgradeOpen}
      />
      <GenerationPromptDialog
        video={dialogs.promptVideo}
        onClose={() => dialogs.setPromptVideo(null)}
      />
      <CombineVideosDialog
        open={dialogs.combineOpen}
        onOpenChange={dialogs.setCombineOpen}
        videos={combinableVideos(chosen)}
        onCombined={onCombined}
      />
      <NewFolderDialog open={dialogs.newFolderOpen} onOpenChange={dialogs.setNewFolderOpen} />
      <RemoveFolderDialog
        folder={dialogs.removingFolder}
        onClose={() => dialogs.setRemovingFolder(null)}
        onRemoved={onFolderRemoved}
      />
      <DeleteVideosDialog
        open={dialogs.confirmDelete}
        onOpenChange={dialogs.setConfirmDelete}
        count={chosen.length}
        onConfirm={onConfirmDelete}
      />
    </>
  );
}
