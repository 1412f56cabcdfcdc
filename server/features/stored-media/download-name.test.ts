import { describe, expect, it } from 'vitest';
import { downloadName } from './routes';

describe('downloadName', () => {
  it('keeps the title, ends in .mp4 once, and drops path parts and control characters', () => {
    expect(downloadName('Sunrise over the bay.mp4')).toBe('Sunrise over the bay.mp4');
    expect(downloadName('Café ☕ ad')).toBe('Café ☕ ad.mp4');
    expect(downloadName('../../etc/passwd')).toBe('.. .. etc passwd.mp4');
    expect(downloadName('bell\u0007and\r\nnewline')).toBe('bell and newline.mp4');
    expect(downloadName('   ')).toBe('video.mp4');
    expect(downloadName(undefined)).toBe('video.mp4');
  });

  it('drops invisible format characters that would disguise the name', () => {
    expect(downloadName('invoice\u202Egnp.exe')).toBe('invoicegnp.exe.mp4');
    expect(downloadName('a\u2066b\u2069c\u200Fd\u200Be\uFEFF')).toBe('abcde.mp4');
  });
});
