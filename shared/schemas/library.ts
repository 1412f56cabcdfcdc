// Library payloads: favourites, folders, sharing, deletion and combining. The library's dialogs
// and the routes validate with these, so both show the spec's words.
import { z } from 'zod';
import { ASPECT_RATIOS, DEFAULT_FOLDER_ICON, FOLDER_ICONS } from '../catalogue';
import { LIMITS } from '../limits';
import { dbId } from './ids';
import { stockAssetSchema } from './videos';

export const FOLDER_NAME_REQUIRED = 'Please enter a name for your folder.';
export const FOLDER_NAME_MAX = 50;
export const COMBINE_TITLE_REQUIRED = 'Please enter a title for your combined video.';
export const COMBINE_TOO_FEW = 'Choose at least 2 scenes to combine.';
/** A combination uses each video, and each scene of it, once. */
export const COMBINE_REPEATS = 'Each scene can be used once in a combined video.';

function isUnique(values: readonly unknown[]): boolean {
  return new Set(values).size === values.length;
}

export const favoriteSchema = z.object({
  favorites: z.boolean({ error: 'favorites must be true or false.' }),
});

export const assignFolderSchema = z.object({
  userFolderId: dbId('userFolderId must be a folder id or null.').nullable(),
});
export const assignFolderResponseSchema = z.object({
  userFolderId: z.number().int().nullable(),
  folderName: z.string().nullable(),
});
export type AssignFolderResponse = z.infer<typeof assignFolderResponseSchema>;

export const visibilitySchema = z.object({
  isPublic: z.boolean({ error: 'isPublic must be true or false.' }),
});

export const createUserFolderSchema = z.object({
  folderName: z
    .string({ error: FOLDER_NAME_REQUIRED })
    .trim()
    .min(1, FOLDER_NAME_REQUIRED)
    .max(FOLDER_NAME_MAX, `Folder names can be at most ${FOLDER_NAME_MAX} characters.`),
  folderIcon: z
    .enum(FOLDER_ICONS, { error: 'Please pick one of the folder icons.' })
    .default(DEFAULT_FOLDER_ICON),
});
export type CreateUserFolderInput = z.input<typeof createUserFolderSchema>;

/** GET /api/user-folders entry. */
export const userFolderSchema = z.object({
  id: z.number().int(),
  folderName: z.string(),
  folderIcon: z.string(),
});
export type UserFolder = z.infer<typeof userFolderSchema>;
/** GET /api/folders entry: the member's manual folders and one folder per Creator Engine job. */
export const folderSummarySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  videoCount: z.number().int(),
  type: z.enum(['manual', 'job']),
  icon: z.string().nullable(),
});
export type FolderSummary = z.infer<typeof folderSummarySchema>;

export const combineVideosSchema = z.object({
  title: z
    .string({ error: COMBINE_TITLE_REQUIRED })
    .trim()
    .min(1, COMBINE_TITLE_REQUIRED)
    .max(LIMITS.titleMax, `Title must be ${LIMITS.titleMax} characters or less.`),
  description: z.string().trim().max(LIMITS.descriptionMax).default(''),
  videoIds: z
    .array(dbId('videoIds must be a list of video ids.'))
    .min(1, 'Choose at least 2 videos to combine.')
    .max(20)
    .refine(isUnique, COMBINE_REPEATS),
  /** Optional scene choice per video; a video without an entry contributes all its scenes. */
  selectedScenes: z
    .array(
      z.object({
        videoId: dbId('selectedScenes must name a video id.'),
        scenes: z
          .array(
            z
              .number({ error: 'Scenes are numbered 1 to 4.' })
              .int('Scenes are numbered 1 to 4.')
              .min(1, 'Scenes are numbered 1 to 4.')
              .max(4, 'Scenes are numbered 1 to 4.'),
          )
          .min(1)
          .max(4)
          .refine(isUnique, COMBINE_REPEATS),
      }),
    )
    .max(20)
    .refine((entries) => isUnique(entries.map((entry) => entry.videoId)), COMBINE_REPEATS)
    .optional(),
});
export type CombineVideosInput = z.input<typeof combineVideosSchema>;

/** GET /api/shared-video/{id}: a public video for the /watch page. */
export const sharedVideoSchema = z.object({
  title: z.string(),
  description: z.string(),
  videoUrl: z.string(),
  thumbnailUrl: z.string().nullable(),
  createdAt: z.string(),
  aspectRatio: z.enum(ASPECT_RATIOS),
  scenes: z.number().int(),
  duration: z.string().nullable().describe('"m:ss", e.g. "0:32".'),
  captionsUrl: z
    .string()
    .nullable()
    .describe('The narration as WebVTT with word timings, or null for a video without a voice.'),
  captionsLanguage: z
    .string()
    .nullable()
    .describe("BCP 47 tag of the captions' language (the narrating voice's), when known."),
  captionsBurnedIn: z
    .boolean()
    .describe(
      'Whether the frames carry the captions already (the track is then offered, not shown).',
    ),
  chaptersUrl: z
    .string()
    .nullable()
    .describe('Its scenes as a WebVTT chapters track; null for videos made before chapters.'),
  assets: z
    .array(stockAssetSchema)
    .describe('The stock footage it shows, one licence record per asset (credited on /watch).'),
});
export type SharedVideo = z.infer<typeof sharedVideoSchema>;

/** DELETE answers for a request or a video. */
export const deletedSchema = z.object({ deleted: z.literal(true) });
export type Deleted = z.infer<typeof deletedSchema>;
/** DELETE /api/user-folders/{id}: the removed folder's name, for the toast. */
export const deletedUserFolderSchema = z.object({ folderName: z.string() });
export type DeletedUserFolder = z.infer<typeof deletedUserFolderSchema>;
