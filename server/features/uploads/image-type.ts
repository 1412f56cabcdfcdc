// Decides an image's type from its first bytes, never from its name or the browser's header.

export type ImageType = { extension: 'jpg' | 'png' | 'gif'; mimeType: string };

/** Bytes needed to recognise any accepted type. */
export const IMAGE_SIGNATURE_BYTES = 8;

const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

function startsWith(bytes: Uint8Array, signature: number[]): boolean {
  return signature.every((byte, index) => bytes[index] === byte);
}

export function detectImageType(bytes: Uint8Array): ImageType | null {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return { extension: 'jpg', mimeType: 'image/jpeg' };
  if (startsWith(bytes, PNG)) return { extension: 'png', mimeType: 'image/png' };
  // GIF87a or GIF89a.
  if (
    startsWith(bytes, [0x47, 0x49, 0x46, 0x38]) &&
    (bytes[4] === 0x37 || bytes[4] === 0x39) &&
    bytes[5] === 0x61
  ) {
    return { extension: 'gif', mimeType: 'image/gif' };
  }
  return null;
}
