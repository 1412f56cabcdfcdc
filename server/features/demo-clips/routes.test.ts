// The landing page's demo clips: listed once both the clip and its poster exist, served to anyone
// with byte ranges, and nothing outside the demo folder is reachable.
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { setUpTestServer } from '../../../test/server';
import { DEMO_CLIP_IDS } from '../../media/demo-clips';

const test = setUpTestServer({ env: { ROLES: 'api' } });

describe('demo clips', () => {
  it('lists only the clips whose video and poster are both rendered', async () => {
    const [ready, half] = DEMO_CLIP_IDS;
    const dir = path.join(test.server.config.dataDir, 'demo');
    await mkdir(dir, { recursive: true });
    await writeFile(path.join(dir, `${ready}.mp4`), Buffer.alloc(1000, 1));
    await writeFile(path.join(dir, `${ready}.jpg`), Buffer.from([0xff, 0xd8, 0xff]));
    await writeFile(path.join(dir, `${half}.mp4.part`), Buffer.alloc(10));
    await writeFile(path.join(dir, `${half}.jpg`), Buffer.from([0xff, 0xd8, 0xff]));

    const response = await fetch(`${test.server.url}/api/demo-clips`);
    expect(await response.json()).toEqual({
      clips: [{ id: ready, videoSrc: `/demo/${ready}.mp4`, thumbnailSrc: `/demo/${ready}.jpg` }],
    });

    const clip = await fetch(`${test.server.url}/demo/${ready}.mp4`, {
      headers: { range: 'bytes=10-19' },
    });
    expect(clip.status).toBe(206);
    expect((await clip.arrayBuffer()).byteLength).toBe(10);
  });

  it('serves nothing but clip files', async () => {
    for (const file of ['..%2F..%2Fauth-secret', `${DEMO_CLIP_IDS[1]}.mp4.part`, 'missing.mp4']) {
      expect((await fetch(`${test.server.url}/demo/${file}`)).status).toBe(404);
    }
  });
});
