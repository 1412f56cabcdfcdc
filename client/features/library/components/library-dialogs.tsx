// Everything the Library opens over its grid: the full-screen player, Publish, a video's prompt,
// Combine, New Folder, Remove Folder and the delete confirmation.
import type { Video } from '@shared/schemas/videos';
import { PublishDialog } from '@/entities/publications/components/publish-dialog';
import type { LibraryDialogState } from '../hooks/use-library-dialogs';
import { combinableVideos } from '../library-selection';
import { CombineVideosDialog } from './combine-videos-dialog';
import { DeleteVideosDialog } from './delete-videos-dialog';
import { GenerationPromptDialog } from './generation-prompt-dialog';
import { LibraryPlayer } from './library-player';
import { NewFolderDialog } from './new-folder-dialog';
import { RemoveFolderDialog } from './remove-folder-dialog';

export function LibraryDialogs({
  dialogs,
  chosen,
  onCombined,
  onFolderRemoved,
  onConfirmDelete,
}: {
  dialogs: LibraryDialogState;
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
      />
      <PublishDialog video={dialogs.publishing} onClose={() => dialogs.setPublishing(null)} />
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
