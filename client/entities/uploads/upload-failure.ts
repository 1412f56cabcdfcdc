// What a refused image upload tells the member. The server looks inside the file (a name ending in
// .png proves nothing), so its reason is worth more than "please try again".
import { ApiError } from '@/lib/api-client';

export type UploadFailureMessage = { title: string; description: string };

/** The server's message for a file whose bytes are not a JPG, PNG or GIF. */
const NOT_AN_IMAGE_REASON = 'Invalid file type';

function notAnImage(fileName: string): UploadFailureMessage {
  return {
    title: 'Not an Image',
    description: `"${fileName}" is not a JPG, PNG or GIF image. Please choose a picture.`,
  };
}

/**
 * The member's message for a refused upload. A plain size refusal and a failure with nothing
 * better known (a network failure, a server error) take the form's own words, since each form
 * words its size limit and its "try again" itself.
 */
export function uploadFailureMessage(
  error: unknown,
  fileName: string,
  own: { tooLarge: UploadFailureMessage; failed: UploadFailureMessage },
): UploadFailureMessage {
  if (!(error instanceof ApiError)) return own.failed;
  const reason = typeof error.data.message === 'string' ? error.data.message : null;
  if (error.status === 400 && reason === NOT_AN_IMAGE_REASON) return notAnImage(fileName);
  if (error.status === 413 && error.code !== 'UPLOAD_QUOTA') return own.tooLarge;
  if ((error.status === 400 || error.status === 413) && reason) {
    return { title: 'Upload Failed', description: reason };
  }
  return own.failed;
}
