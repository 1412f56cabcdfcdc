// Decides a clip's container from its first bytes, never from its name or the browser's header:
// MP4 and MOV (ISO base media: an `ftyp` box, or for an older MOV a top-level atom, at offset 4),
// and WebM (an EBML header whose DocType says `webm`). ffprobe then decides whether it really is
// a video (service.ts).

export type ClipType = {
  extension: 'mp4' | 'mov' | 'webm';
  mimeType: 'video/mp4' | 'video/quicktime' | 'video/webm';
};

/** Bytes needed to recognise any accepted type (a WebM's EBML header, with its DocType, included). */
export const CLIP_SIGNATURE_BYTES = 64;

const MP4: ClipType = { extension: 'mp4', mimeType: 'video/mp4' };
const MOV: ClipType = { extension: 'mov', mimeType: 'video/quicktime' };
const WEBM: ClipType = { extension: 'webm', mimeType: 'video/webm' };

/** Atoms a QuickTime file written without an `ftyp` box may start with. */
const MOV_FIRST_ATOMS = new Set(['moov', 'mdat', 'wide', 'free']);

/** `ftyp` brands of still images (HEIF, HEIC, AVIF) in the same box structure: not clips. */
const IMAGE_BRANDS = new Set([
  'avif',
  'avis',
  'heic',
  'heix',
  'heim',
  'heis',
  'hevc',
  'hevx',
  'mif1',
  'msf1',
]);

const EBML_MAGIC = [0x1a, 0x45, 0xdf, 0xa3];
const EBML_DOCTYPE_ID = 0x4282;

const ascii = (bytes: Uint8Array, start: number, end: number) =>
  String.fromCharCode(...bytes.subarray(start, end));

export function detectClipType(bytes: Uint8Array): ClipType | null {
  if (bytes.length >= 12 && ascii(bytes, 4, 8) === 'ftyp') {
    const brand = ascii(bytes, 8, 12);
    if (IMAGE_BRANDS.has(brand)) return null;
    return brand === 'qt  ' ? MOV : MP4;
  }
  if (bytes.length >= 8 && MOV_FIRST_ATOMS.has(ascii(bytes, 4, 8))) return MOV;
  if (EBML_MAGIC.every((byte, index) => bytes[index] === byte)) {
    return ebmlDocType(bytes) === 'webm' ? WEBM : null;
  }
  return null;
}

/** An EBML variable-length integer at `offset`: its value (marker bit removed) and length. */
function readVint(
  bytes: Uint8Array,
  offset: number,
  keepMarker = false,
): { value: number; length: number } | null {
  const first = bytes[offset];
  if (first === undefined || first === 0) return null;
  // The count of leading zero bits in the first byte, plus one.
  const length = Math.clz32(first) - 23;
  if (offset + length > bytes.length) return null;
  let value = keepMarker ? first : first & (0xff >> length);
  for (let index = 1; index < length; index++) value = value * 256 + (bytes[offset + index] ?? 0);
  return { value, length };
}

/** The DocType the EBML header names ('webm', 'matroska'), or null when it is not in `bytes`. */
function ebmlDocType(bytes: Uint8Array): string | null {
  const headerSize = readVint(bytes, EBML_MAGIC.length);
  if (!headerSize) return null;
  let offset = EBML_MAGIC.length + headerSize.length;
  const end = Math.min(offset + headerSize.value, bytes.length);
  while (offset < end) {
    const id = readVint(bytes, offset, true);
    if (!id) return null;
    const size = readVint(bytes, offset + id.length);
    if (!size) return null;
    const start = offset + id.length + size.length;
    if (id.value === EBML_DOCTYPE_ID) {
      if (start + size.value > bytes.length) return null;
      // A string element may be padded with zero bytes.
      return ascii(bytes, start, start + size.value).replace(/\0+$/, '');
    }
    offset = start + size.value;
  }
  return null;
}
