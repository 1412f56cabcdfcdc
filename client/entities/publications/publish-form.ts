// The Publish dialog's form: the route's own schema (publishVideoSchema) with the two fields the
// form holds differently: the hashtags as one line of '#tags', and TikTok's privacy as '' until the
// member picks one (TikTok wants it chosen, never preset). What it sends is a PublishVideoInput.
import { publishDefaults } from '@shared/publishing';
import {
  DEFAULT_PRIVACY,
  hashtagField,
  PUBLISH_MESSAGES,
  type PublishVideoInput,
  publishVideoSchema,
  TIKTOK_PRIVACY_LEVELS,
  tiktokAllowSchema,
} from '@shared/schemas/publishing';
import type { Video } from '@shared/schemas/videos';
import { z } from 'zod';
import { hashtagsText, splitHashtags, usesPrivacy } from './publication-display';

/** The typed line as tags without their '#', each checked as the server checks it. */
const hashtagsLine = z
  .string()
  .transform((text, context) => {
    const tags: string[] = [];
    for (const word of splitHashtags(text)) {
      const tag = hashtagField.safeParse(word);
      if (!tag.success) {
        context.addIssue({
          code: 'custom',
          message: `${PUBLISH_MESSAGES.hashtag} Check “${word}”.`,
        });
        return z.NEVER;
      }
      if (!tags.includes(tag.data)) tags.push(tag.data);
    }
    return tags;
  })
  .pipe(publishVideoSchema.shape.hashtags.unwrap());

export const publishFormSchema = publishVideoSchema
  .extend({
    // The form always holds its title, description and privacy (prefilled), so they are required.
    title: publishVideoSchema.shape.title.unwrap(),
    description: publishVideoSchema.shape.description.unwrap(),
    privacy: publishVideoSchema.shape.privacy.unwrap(),
    hashtags: hashtagsLine,
    tiktokPrivacyLevel: z.union([z.literal(''), z.enum(TIKTOK_PRIVACY_LEVELS)], {
      error: PUBLISH_MESSAGES.tiktokPrivacy,
    }),
    tiktokAllow: tiktokAllowSchema,
  })
  .superRefine((values, context) => {
    if (values.platforms.includes('tiktok') && !values.tiktokPrivacyLevel) {
      context.addIssue({
        code: 'custom',
        path: ['tiktokPrivacyLevel'],
        message: PUBLISH_MESSAGES.tiktokPrivacy,
      });
    }
  });

export type PublishFormValues = z.input<typeof publishFormSchema>;
export type PublishFormOutput = z.output<typeof publishFormSchema>;

/** What the form starts from: the video's own title, script and hashtags, no platform chosen. */
export function publishFormDefaults(
  video: Pick<Video, 'title' | 'description' | 'generatedPrompt'>,
): PublishFormValues {
  const defaults = publishDefaults(video);
  return {
    platforms: [],
    title: defaults.title,
    description: defaults.description,
    hashtags: hashtagsText(defaults.hashtags),
    privacy: DEFAULT_PRIVACY,
    tiktokPrivacyLevel: '',
    // TikTok's guidelines: nothing allowed until the creator ticks it.
    tiktokAllow: { comment: false, duet: false, stitch: false },
  };
}

/** The request body: privacy only for the platforms that use it, TikTok's level only for TikTok. */
export function toPublishInput(values: PublishFormOutput): PublishVideoInput {
  const { platforms, title, description, hashtags, privacy, tiktokPrivacyLevel, tiktokAllow } =
    values;
  return {
    platforms,
    title,
    description,
    hashtags,
    ...(usesPrivacy(platforms) ? { privacy } : {}),
    ...(platforms.includes('tiktok') && tiktokPrivacyLevel ? { tiktokPrivacyLevel } : {}),
    ...(platforms.includes('tiktok') ? { tiktokAllow } : {}),
  };
}
