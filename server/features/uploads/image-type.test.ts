import { describe, expect, it } from 'vitest';
import { detectImageType } from './image-type';

const bytes = (...values: number[]) => Uint8Array.from(values);

describe('detectImageType', () => {
  it('recognises JPEG, PNG and both GIF versions by their signatures', () => {
    expect(detectImageType(bytes(0xff, 0xd8, 0xff, 0xe0, 0, 0, 0, 0))?.extension).toBe('jpg');
    expect(detectImageType(bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a))?.extension).toBe(
      'png',
    );
    expect(detectImageType(Buffer.from('GIF89a..'))?.extension).toBe('gif');
    expect(detectImageType(Buffer.from('GIF87a..'))?.extension).toBe('gif');
  });

  it('refuses everything else, including text and truncated signatures', () => {
    expect(detectImageType(Buffer.from('hello, I am a png'))).toBeNull();
    expect(detectImageType(Buffer.from('GIF88a..'))).toBeNull();
    expect(detectImageType(bytes(0x89, 0x50, 0x4e))).toBeNull();
    expect(detectImageType(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeNull();
    expect(detectImageType(bytes())).toBeNull();
  });
});
