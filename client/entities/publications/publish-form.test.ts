import { describe, expect, it } from 'vitest';
import { platformChoices, platformList } from './publication-display';
import { publishFormSchema, toPublishInput } from './publish-form';
import { makeConnection } from './test-publishing';

const filled = {
  platforms: ['youtube' as const],
  title: ' Harbour ',
  description: 'Boats.',
  hashtags: '#harbour, boats ##dusk #harbour',
  privacy: 'unlisted' as const,
  tiktokPrivacyLevel: '' as const,
  tiktokAllow: { comment: false, duet: false, stitch: false },
};

describe('publish form', () => {
  it('reads the hashtags line as tags without #, once each', () => {
    const parsed = publishFormSchema.parse(filled);
    expect(parsed.hashtags).toEqual(['harbour', 'boats', 'dusk']);
    expect(parsed.title).toBe('Harbour');
  });

  it('refuses more than ten hashtags and TikTok without a choice of who can watch', () => {
    const many = publishFormSchema.safeParse({
      ...filled,
      hashtags: Array.from({ length: 11 }, (_, index) => `#tag${index}`).join(' '),
    });
    expect(many.error?.issues.map((issue) => issue.message)).toEqual(['Use up to 10 hashtags.']);
    const tiktok = publishFormSchema.safeParse({ ...filled, platforms: ['tiktok'] });
    expect(tiktok.error?.issues).toEqual([
      expect.objectContaining({
        path: ['tiktokPrivacyLevel'],
        message: 'Choose who can watch the video on TikTok.',
      }),
    ]);
  });

  it('sends privacy only to YouTube and Instagram, and TikTok its own level', () => {
    const onlyTikTok = publishFormSchema.parse({
      ...filled,
      platforms: ['tiktok'],
      tiktokPrivacyLevel: 'SELF_ONLY',
    });
    expect(toPublishInput(onlyTikTok)).toEqual({
      platforms: ['tiktok'],
      title: 'Harbour',
      description: 'Boats.',
      hashtags: ['harbour', 'boats', 'dusk'],
      tiktokPrivacyLevel: 'SELF_ONLY',
      tiktokAllow: { comment: false, duet: false, stitch: false },
    });
    const youtube = publishFormSchema.parse({ ...filled, tiktokPrivacyLevel: 'SELF_ONLY' });
    expect(toPublishInput(youtube)).not.toHaveProperty('tiktokPrivacyLevel');
    expect(toPublishInput(youtube)).not.toHaveProperty('tiktokAllow');
    expect(toPublishInput(youtube)).toHaveProperty('privacy', 'unlisted');
  });

  it('offers the platforms this server has, in order, and names them in a sentence', () => {
    const choices = platformChoices([
      makeConnection({ platform: 'instagram', status: 'reconnect_needed', accountName: 'h' }),
      makeConnection({ platform: 'tiktok', available: false }),
      makeConnection({ platform: 'youtube', status: 'connected', accountName: 'Harbour' }),
    ]);
    expect(choices.map((choice) => [choice.platform, choice.kind])).toEqual([
      ['youtube', 'connected'],
      ['instagram', 'reconnect_needed'],
    ]);
    expect(platformList(['instagram', 'youtube'])).toBe('YouTube and Instagram');
    expect(platformList(['instagram', 'tiktok', 'youtube'])).toBe('YouTube, TikTok, and Instagram');
  });
});
