// What is open over the Library grid: the player (and the card focus returns to when it closes),
// a video's prompt, Publish, Versions, Combine, New Folder, Remove Folder and the delete
// confirmation.
import type { Video } from '@shared/schemas/videos';
import { useRef, useState } from 'react';
import type { RemovableFolder } from '../library-filters';

export function useLibraryDialogs() {
  const [playing, setPlaying] = useState<Video | null>(null);
  const lastPlayedId = useRef<Video['id'] | null>(null);
  const play = (video: Video) => {
    lastPlayedId.current = video.id;
    setPlaying(video);
  };
  const playedCard = () =>
    document.querySelector<HTMLElement>(
      `[data-testid="video-card"][data-video-id="${lastPlayedId.current}"] h3 button`,
    );
  const [promptVideo, setPromptVideo] = useState<Video | null>(null);
  const [publishing, setPublishing] = useState<Video | null>(null);
  const [versionsOf, setVersionsOf] = useState<Video | null>(null);
  const [combineOpen, setCombineOpen] = useState(false);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [newFolderOpen, setNewFolderOpen] = useState(false);
  const [removingFolder, setRemovingFolder] = useState<RemovableFolder | null>(null);

  return {
    playing,
    play,
    stopPlaying: () => setPlaying(null),
    playedCard,
    promptVideo,
    setPromptVideo,
    publishing,
    setPublishing,
    versionsOf,
    setVersionsOf,
    combineOpen,
    setCombineOpen,
    confirmDelete,
    setConfirmDelete,
    newFolderOpen,
    setNewFolderOpen,
    removingFolder,
    setRemovingFolder,
  };
}

export type LibraryDialogState = ReturnType<typeof useLibraryDialogs>;
