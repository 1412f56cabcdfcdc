import { describe, expect, it } from 'vitest';
import { detectClipType } from './clip-type';

const box = (size: number, type: string, rest = '') =>
  Buffer.concat([Buffer.from([0, 0, 0, size]), Buffer.from(type + rest, 'latin1')]);

/** An EBML header (as ffmpeg writes it) naming `docType`. */
const ebml = (docType: string) =>
  Buffer.concat([
    Buffer.from([0x1a, 0x45, 0xdf, 0xa3, 0x01, 0, 0, 0, 0, 0, 0, 0x1f]),
    Buffer.from([0x42, 0x86, 0x81, 0x01, 0x42, 0xf7, 0x81, 0x01, 0x42, 0xf2, 0x81, 0x04]),
    Buffer.from([0x42, 0xf3, 0x81, 0x08, 0x42, 0x82, 0x80 | docType.length]),
    Buffer.from(docType, 'latin1'),
    Buffer.from([0x42, 0x87, 0x81, 0x02, 0x42, 0x85, 0x81, 0x02]),
  ]);

describe('detectClipType', () => {
  it('recognises MP4 and MOV by their ftyp box, an older MOV by its first atom', () => {
    expect(detectClipType(box(32, 'ftyp', 'isom\0\0\x02\0isomiso2'))?.mimeType).toBe('video/mp4');
    expect(detectClipType(box(32, 'ftyp', 'mp42\0\0\0\0'))?.extension).toBe('mp4');
    expect(detectClipType(box(20, 'ftyp', 'qt  \0\0\x02\0'))?.mimeType).toBe('video/quicktime');
    for (const atom of ['moov', 'mdat', 'wide', 'free']) {
      expect(detectClipType(box(8, atom, '\0\0\0\0'))?.extension).toBe('mov');
    }
  });

  it('recognises WebM by its EBML header, and refuses other Matroska files', () => {
    expect(detectClipType(ebml('webm'))?.mimeType).toBe('video/webm');
    expect(detectClipType(ebml('matroska'))).toBeNull();
    // The header cut off before its DocType.
    expect(detectClipType(ebml('webm').subarray(0, 20))).toBeNull();
  });

  it('refuses still images in the same box structure, text and truncated signatures', () => {
    expect(detectClipType(box(28, 'ftyp', 'avif\0\0\0\0'))).toBeNull();
    expect(detectClipType(box(28, 'ftyp', 'heic\0\0\0\0'))).toBeNull();
    expect(detectClipType(Buffer.from('these are my notes, not a clip'))).toBeNull();
    expect(detectClipType(Buffer.from([0, 0, 0, 32, 0x66, 0x74]))).toBeNull();
    expect(detectClipType(Buffer.from([0x1a, 0x45, 0xdf]))).toBeNull();
    expect(detectClipType(Buffer.from([]))).toBeNull();
  });
});
