// A member's own watermark (Elite only, docs/watermark.md): an uploaded PNG or JPEG, or a short
// text, in a corner at an opacity. The Profile's form and the /api/account/watermark routes share
// these schemas and words.
import { z } from 'zod';

export const WATERMARK_URL = '/api/account/watermark';

export const WATERMARK_CORNERS = ['top-left', 'top-right', 'bottom-left', 'bottom-right'] as const;
export type WatermarkCorner = (typeof WATERMARK_CORNERS)[number];

export const WATERMARK_CORNER_LABELS: Record<WatermarkCorner, string> = {
  'top-left': 'Top left',
  'top-right': 'Top right',
  'bottom-left': 'Bottom left',
  'bottom-right': 'Bottom right',
};

export const WATERMARK_KINDS = ['image', 'text'] as const;
export type WatermarkKind = (typeof WATERMARK_KINDS)[number];

export const WATERMARK_LIMITS = {
  textMax: 40,
  imageMaxBytes: 2 * 1024 * 1024,
  imageTypes: ['image/png', 'image/jpeg'] as const,
  opacityMin: 0.2,
  opacityMax: 1,
  opacityDefault: 0.8,
  cornerDefault: 'bottom-right' as WatermarkCorner,
};

export const WATERMARK_MESSAGES = {
  eliteOnly: 'Upgrade to Elite to use your own watermark',
  textRequired: 'Please enter the text of your watermark.',
  textTooLong: `Your watermark text can be at most ${WATERMARK_LIMITS.textMax} characters.`,
  textOneLine: 'Your watermark text must be one line without control characters.',
  imageRequired: 'Please choose a PNG or JPEG image for your watermark.',
  imageWrongType: 'Your watermark image must be a PNG or JPEG file.',
  imageTooLarge: 'Your watermark image must be 2 MB or smaller.',
  imageNotFound: 'That image is no longer available. Please upload it again.',
  corner: 'Please choose a corner for your watermark.',
  opacity: 'Opacity must be between 20% and 100%.',
} as const;

const corner = z.enum(WATERMARK_CORNERS, { error: WATERMARK_MESSAGES.corner });
const opacity = z
  .number({ error: WATERMARK_MESSAGES.opacity })
  .min(WATERMARK_LIMITS.opacityMin, WATERMARK_MESSAGES.opacity)
  .max(WATERMARK_LIMITS.opacityMax, WATERMARK_MESSAGES.opacity);

/**
 * PUT /api/account/watermark. An image is first uploaded with POST /api/upload-image; its address
 * (or the current watermark's own, to keep it) is sent here. Text is one line, trimmed.
 */
export const watermarkInputSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('image'),
    imageUrl: z
      .string({ error: WATERMARK_MESSAGES.imageRequired })
      .min(1, WATERMARK_MESSAGES.imageRequired)
      .max(500, WATERMARK_MESSAGES.imageNotFound),
    corner,
    opacity,
  }),
  z.object({
    kind: z.literal('text'),
    text: z
      .string({ error: WATERMARK_MESSAGES.textRequired })
      .trim()
      .min(1, WATERMARK_MESSAGES.textRequired)
      .max(WATERMARK_LIMITS.textMax, WATERMARK_MESSAGES.textTooLong)
      .refine((text) => !/\p{Cc}/u.test(text), WATERMARK_MESSAGES.textOneLine),
    corner,
    opacity,
  }),
]);
export type WatermarkInput = z.input<typeof watermarkInputSchema>;
/** The input as checked (the text trimmed), as the server's service takes it. */
export type WatermarkSave = z.output<typeof watermarkInputSchema>;

/** The member's watermark as the Profile shows it; GET answers null when there is none. */
export const watermarkSchema = z.object({
  kind: z.enum(WATERMARK_KINDS),
  /** The stored image (a /media address only its owner may read); null for text. */
  imageUrl: z.string().nullable(),
  text: z.string().nullable(),
  corner: z.enum(WATERMARK_CORNERS),
  opacity: z.number(),
  updatedAt: z.string(),
});
export type Watermark = z.infer<typeof watermarkSchema>;

export const watermarkAnswerSchema = watermarkSchema.nullable();

export const watermarkRemovedSchema = z.object({ removed: z.literal(true) });
export type WatermarkRemoved = z.infer<typeof watermarkRemovedSchema>;
