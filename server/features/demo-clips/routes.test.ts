// The landing page's demo clips: listed once both the clip and its poster are stored, served to
// anyone with byte ranges, and nothing but the nine clips' own objects is reachable.
import { describe, expect, it } from 'vitest';
import { setUpTestServer } from '../../../test/server';
import { DEMO_CLIP_IDS, demoClipStorageKey } from '../../media/demo-clip-renderer';

const test = setUpTestServer({ env: { ROLES: 'api' } });

describe('demo clips', () => {
  it('lists only the clips whose video and poster are both stored', async () => {
    const [ready, half] = DEMO_CLIP_IDS as [string, string];
    const { storage } = test.server.runtime.ctx;
    await storage.putBuffer(demoClipStorageKey(ready, 'video'), Buffer.alloc(1000, 1));
    await storage.putBuffer(demoClipStorageKey(ready, 'poster'), Buffer.from([0xff, 0xd8, 0xff]));
    // A video whose poster a stop interrupted.
    await storage.putBuffer(demoClipStorageKey(half, 'video'), Buffer.alloc(10));

    const response = await fetch(`${test.server.url}/api/demo-clips`);
    expect(await response.json()).toEqual({
      clips: [{ id: ready, videoSrc: `/demo/${ready}.mp4`, thumbnailSrc: `/demo/${ready}.jpg` }],
    });

    const clip = await fetch(`${test.server.url}/demo/${ready}.mp4`, {
      headers: { range: 'bytes=10-19' },
    });
    expect(clip.status).toBe(206);
    expect(clip.headers.get('content-type')).toBe('video/mp4');
    expect(clip.headers.get('content-range')).toBe('bytes 10-19/1000');
    expect((await clip.arrayBuffer()).byteLength).toBe(10);

    const poster = await fetch(`${test.server.url}/demo/${ready}.jpg`);
    expect(poster.headers.get('content-type')).toBe('image/jpeg');
    expect([...new Uint8Array(await poster.arrayBuffer())]).toEqual([0xff, 0xd8, 0xff]);
  });

  it('serves nothing but clip files', async () => {
    const { storage } = test.server.runtime.ctx;
    // An object beside the clips, under a name no clip has.
    await storage.putBuffer(demoClipStorageKey('secret', 'video'), Buffer.alloc(10));
    for (const file of [
      '..%2F..%2Fauth-secret',
      `${DEMO_CLIP_IDS[1]}.mp4.part`,
      'missing.mp4',
      'secret.mp4',
      `${DEMO_CLIP_IDS[2]}.mp4`,
    ]) {
      expect((await fetch(`${test.server.url}/demo/${file}`)).status).toBe(404);
    }
  });
});
