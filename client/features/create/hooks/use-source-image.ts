// The Create form's optional source image: checks a chosen, dropped or captured file, uploads it,
// keeps a local preview, and turns the camera off whenever an image is chosen or removed.
import { LIMITS } from '@shared/plans';
import { useCallback, useEffect, useRef, useState } from 'react';
import { toast } from '@/components/ui/use-toast';
import { useUploadImage } from '../api/upload-image';
import type { ToastMessage } from '../create-video-errors';
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

/** Why a file cannot be used as a source image, checked before anything is sent; null if fine. */
export function checkImageFile(file: Pick<File, 'size' | 'type'>): ToastMessage | null {
  if (file.size > LIMITS.imageMaxBytes) return FILE_TOO_LARGE;
  if (!(LIMITS.imageTypes as readonly string[]).includes(file.type)) return INVALID_FILE_TYPE;
  return null;
}

export type SourceImage = {
  fileName: string;
  /** A local object URL, so the preview appears before (and without) the upload round trip. */
  previewUrl: string;
  /** The address from POST /api/upload-image; null while uploading. */
  uploadedUrl: string | null;
};

export function useSourceImage() {
  const camera = useCamera();
  const { stop: stopCamera, capture } = camera;
  const { mutateAsync: upload } = useUploadImage();
  const [image, setImage] = useState<SourceImage | null>(null);
  const [isUploading, setIsUploading] = useState(false);
  // Each selection gets a number; an upload that finishes after a newer selection or a removal
  // must not bring its image back.
  const selectionRef = useRef(0);
  const previewUrlRef = useRef<string | null>(null);

  const replacePreview = useCallback((next: string | null) => {
    if (previewUrlRef.current) URL.revokeObjectURL(previewUrlRef.current);
    previewUrlRef.current = next;
  }, []);

  const remove = useCallback(() => {
    stopCamera();
    selectionRef.current += 1;
    replacePreview(null);
    setImage(null);
    setIsUploading(false);
  }, [stopCamera, replacePreview]);

  const selectFile = useCallback(
    async (file: File) => {
      stopCamera();
      const problem = checkImageFile(file);
      if (problem) {
        toast({ ...problem, variant: 'destructive' });
        return;
      }
      const selection = ++selectionRef.current;
      const previewUrl = URL.createObjectURL(file);
      replacePreview(previewUrl);
      setImage({ fileName: file.name, previewUrl, uploadedUrl: null });
      setIsUploading(true);
      try {
        const { url } = await upload(file);
        if (selection !== selectionRef.current) return;
        setImage({ fileName: file.name, previewUrl, uploadedUrl: url });
      } catch {
        if (selection !== selectionRef.current) return;
        replacePreview(null);
        setImage(null);
        toast({ ...UPLOAD_FAILED, variant: 'destructive' });
      } finally {
        if (selection === selectionRef.current) setIsUploading(false);
      }
    },
    [stopCamera, replacePreview, upload],
  );

  /** Takes a photo and treats it exactly like a chosen file. */
  const captureFromCamera = useCallback(async () => {
    let photo: File;
    try {
      photo = await capture();
    } catch (error) {
      const description =
        error instanceof CameraCaptureError ? error.message : CAPTURE_ERROR_MESSAGES.failed;
      toast({ title: 'Capture Failed', description, variant: 'destructive' });
      return;
    }
    await selectFile(photo);
  }, [capture, selectFile]);

  useEffect(() => () => replacePreview(null), [replacePreview]);

  return { image, isUploading, selectFile, remove, captureFromCamera, camera };
}

export type SourceImageState = ReturnType<typeof useSourceImage>;
