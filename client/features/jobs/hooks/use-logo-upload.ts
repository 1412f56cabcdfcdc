// The job form's logo: checks the file (JPG, PNG or GIF under 10MB), uploads it, keeps the address
// the job stores as sourceImageUrl, and says why a refused file was refused (spec/product.md §5
// "Job form", spec/api.md §8.4).
import { LIMITS } from '@shared/limits';
import { useCallback, useRef, useState } from 'react';
import { toast } from '@/components/ui/use-toast';
import { useUploadImage } from '@/entities/uploads/api/upload-image';
import { uploadFailureMessage } from '@/entities/uploads/upload-failure';
import { JOB_MESSAGES, type JobToast } from '../job-errors';

/** Why a file cannot be a logo, or null. */
export function checkLogoFile(file: Pick<File, 'size' | 'type'>): JobToast | null {
  if (!(LIMITS.imageTypes as readonly string[]).includes(file.type)) {
    return JOB_MESSAGES.logoWrongType;
  }
  if (file.size > LIMITS.imageMaxBytes) return JOB_MESSAGES.logoTooLarge;
  return null;
}

export function useLogoUpload(initialUrl: string | null) {
  const { mutateAsync: upload } = useUploadImage();
  const [url, setUrl] = useState(initialUrl);
  const [isUploading, setIsUploading] = useState(false);
  // A removal or a newer file wins over an upload still on its way.
  const selectionRef = useRef(0);

  const select = useCallback(
    async (file: File) => {
      const problem = checkLogoFile(file);
      if (problem) {
        toast({ ...problem, variant: 'destructive' });
        return;
      }
      const selection = ++selectionRef.current;
      setIsUploading(true);
      try {
        const uploaded = await upload(file);
        if (selection === selectionRef.current) setUrl(uploaded.url);
      } catch (error) {
        if (selection === selectionRef.current) {
          const message = uploadFailureMessage(error, file.name, {
            tooLarge: JOB_MESSAGES.logoTooLarge,
            failed: JOB_MESSAGES.logoUploadFailed,
          });
          toast({ ...message, variant: 'destructive' });
        }
      } finally {
        if (selection === selectionRef.current) setIsUploading(false);
      }
    },
    [upload],
  );

  const remove = useCallback(() => {
    selectionRef.current += 1;
    setUrl(null);
    setIsUploading(false);
  }, []);

  return { url, isUploading, select, remove };
}
