// The Create form's images (the video model's source image, or the member's image per scene):
// checks a chosen, dropped or captured file, uploads it, keeps a local preview, and turns the
// camera off whenever an image is chosen or removed. Images are kept in scene order with no gaps.
import { LIMITS } from '@shared/limits';
import { TIER_RULES } from '@shared/tiers';
import { useCallback, useEffect, useRef, useState } from 'react';
import { toast } from '@/components/ui/use-toast';
import { useUploadImage } from '@/entities/uploads/api/upload-image';
import { uploadFailureMessage } from '@/entities/uploads/upload-failure';
import type { ToastMessage } from '@/entities/videos/create-video-errors';
import { CAPTURE_ERROR_MESSAGES, CameraCaptureError, useCamera } from './use-camera';

export const FILE_TOO_LARGE: ToastMessage = {
  title: 'File too large',
  description: 'Please select a file under 10MB.',
};

export const INVALID_FILE_TYPE: ToastMessage = {
  title: 'Invalid file type',
  description: 'Please select a JPG, PNG, or GIF image.',
};

export const UPLOAD_FAILED: ToastMessage = {
  title: 'Upload Failed',
  description: 'Failed to upload image. Please try again.',
};

/** A refused upload's message: the server's reason when it has one, else "try again". */
export function describeUploadFailure(error: unknown, fileName: string): ToastMessage {
  return uploadFailureMessage(error, fileName, { tooLarge: FILE_TOO_LARGE, failed: UPLOAD_FAILED });
}

/** At most one image per scene of the longest video any plan makes. */
export const MAX_SOURCE_IMAGES = TIER_RULES.Elite.maxScenes;

/** Why a file cannot be used as a source image, checked before anything is sent; null if fine. */
export function checkImageFile(file: Pick<File, 'size' | 'type'>): ToastMessage | null {
  if (file.size > LIMITS.imageMaxBytes) return FILE_TOO_LARGE;
  if (!(LIMITS.imageTypes as readonly string[]).includes(file.type)) return INVALID_FILE_TYPE;
  return null;
}

export type SourceImage = {
  /** Stable while the image is in the list, so an upload finishing late finds its own entry. */
  key: number;
  fileName: string;
  /** A local object URL, so the preview appears before (and without) the upload round trip. */
  previewUrl: string;
  /** The address from POST /api/upload-image; null while uploading. */
  uploadedUrl: string | null;
};

export function useSourceImages() {
  const camera = useCamera();
  const { stop: stopCamera, capture } = camera;
  const { mutateAsync: upload } = useUploadImage();
  const [images, setImages] = useState<SourceImage[]>([]);
  // The list as of the last change, read by uploads that finish later (state would be stale there).
  const imagesRef = useRef<SourceImage[]>([]);
  const nextKeyRef = useRef(0);

  const commit = useCallback((next: SourceImage[]) => {
    for (const image of imagesRef.current) {
      if (!next.some((kept) => kept.previewUrl === image.previewUrl)) {
        URL.revokeObjectURL(image.previewUrl);
      }
    }
    imagesRef.current = next;
    setImages(next);
  }, []);

  /** Removes image `index`; the ones after it move up a scene. */
  const remove = useCallback(
    (index: number) => {
      stopCamera();
      commit(imagesRef.current.filter((_, position) => position !== index));
    },
    [stopCamera, commit],
  );

  const clear = useCallback(() => {
    stopCamera();
    commit([]);
  }, [stopCamera, commit]);

  /** Puts `file` at `index` (replacing what is there, or after the last image) and uploads it. */
  const selectFile = useCallback(
    async (index: number, file: File) => {
      stopCamera();
      const problem = checkImageFile(file);
      if (problem) {
        toast({ ...problem, variant: 'destructive' });
        return;
      }
      const current = imagesRef.current;
      const at = Math.min(index, current.length, MAX_SOURCE_IMAGES - 1);
      nextKeyRef.current += 1;
      const key = nextKeyRef.current;
      const image: SourceImage = {
        key,
        fileName: file.name,
        previewUrl: URL.createObjectURL(file),
        uploadedUrl: null,
      };
      commit(
        at < current.length
          ? current.map((entry, position) => (position === at ? image : entry))
          : [...current, image],
      );
      try {
        const { url } = await upload(file);
        // Replaced or removed meanwhile: its preview is gone, and so is its place.
        if (!imagesRef.current.some((entry) => entry.key === key)) return;
        commit(
          imagesRef.current.map((entry) =>
            entry.key === key ? { ...entry, uploadedUrl: url } : entry,
          ),
        );
      } catch (error) {
        if (!imagesRef.current.some((entry) => entry.key === key)) return;
        commit(imagesRef.current.filter((entry) => entry.key !== key));
        toast({ ...describeUploadFailure(error, file.name), variant: 'destructive' });
      }
    },
    [stopCamera, commit, upload],
  );

  /** Takes a photo and treats it exactly like a file chosen for image `index`. */
  const captureFromCamera = useCallback(
    async (index: number) => {
      let photo: File;
      try {
        photo = await capture();
      } catch (error) {
        const description =
          error instanceof CameraCaptureError ? error.message : CAPTURE_ERROR_MESSAGES.failed;
        toast({ title: 'Capture Failed', description, variant: 'destructive' });
        return;
      }
      await selectFile(index, photo);
    },
    [capture, selectFile],
  );

  useEffect(
    () => () => {
      for (const image of imagesRef.current) URL.revokeObjectURL(image.previewUrl);
    },
    [],
  );

  return {
    images,
    isUploading: images.some((image) => image.uploadedUrl === null),
    /** The uploaded addresses, in scene order. */
    uploadedUrls: images.flatMap((image) => (image.uploadedUrl ? [image.uploadedUrl] : [])),
    selectFile,
    remove,
    clear,
    captureFromCamera,
    camera,
  };
}

export type SourceImagesState = ReturnType<typeof useSourceImages>;
