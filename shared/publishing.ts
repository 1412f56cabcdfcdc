// What a post says unless the member changes it: the video's title, its spoken script (or its
// description) and a few hashtags from its own words. The Publish dialog fills its fields with
// these, and the server uses them for a field a publish leaves out (a Creator Engine job's posts).
import { PUBLISH_LIMITS } from './schemas/publishing';

export type PublishDefaults = { title: string; description: string; hashtags: string[] };

type VideoText = { title: string; description: string; generatedPrompt: string | null };

/** How many hashtags a post gets by default: a few that say what it is, not a wall of them. */
const DEFAULT_HASHTAGS = 5;
const MIN_TAG_LETTERS = 4;

/** Words too common to say what a video is about. */
const STOP_WORDS = new Set(
  (
    'about above after again against also among another because been before being below between ' +
    'both came come could does doing down during each every from further have having here into ' +
    'itself just like made make many more most much must only other over same should some such ' +
    'than that their them then there these they this those through under until very what when ' +
    'where which while will with within without would your yours youre video videos scene scenes ' +
    'shot shots camera slow fast show shows showing'
  ).split(' '),
);

export function publishDefaults(video: VideoText): PublishDefaults {
  const narration = planNarration(video.generatedPrompt);
  return {
    title: clip(video.title.trim(), PUBLISH_LIMITS.titleMax),
    description: clip(narration || video.description.trim(), PUBLISH_LIMITS.descriptionMax),
    hashtags: hashtagsOf(video.title, video.description),
  };
}

/**
 * Up to five hashtags: the title's words first, in their order, then the description's longest
 * words (distinct, of four letters or more, not too common to say anything).
 */
export function hashtagsOf(title: string, description = ''): string[] {
  const fromTitle = tagWords(title);
  const fromDescription = tagWords(description).sort((a, b) => [...b].length - [...a].length);
  return [...new Set([...fromTitle, ...fromDescription])].slice(0, DEFAULT_HASHTAGS);
}

function tagWords(text: string): string[] {
  return (text.normalize('NFC').match(/[\p{L}\p{N}_]+/gu) ?? [])
    .map((word) => word.toLowerCase())
    .filter(
      (word) =>
        [...word].length >= MIN_TAG_LETTERS &&
        [...word].length <= PUBLISH_LIMITS.hashtagMax &&
        !/^\d+$/u.test(word) &&
        !STOP_WORDS.has(word),
    );
}

/** The spoken script of a stored plan, scene after scene; empty when there is none. */
function planNarration(generatedPrompt: string | null): string {
  if (!generatedPrompt) return '';
  try {
    const plan: unknown = JSON.parse(generatedPrompt);
    const scenes =
      typeof plan === 'object' && plan !== null && 'scenes' in plan ? plan.scenes : null;
    if (!Array.isArray(scenes)) return '';
    return scenes
      .map((scene: unknown) => {
        if (typeof scene !== 'object' || scene === null) return '';
        const record = scene as Record<string, unknown>;
        const spoken = record.narration ?? record.caption;
        return typeof spoken === 'string' ? spoken.trim() : '';
      })
      .filter(Boolean)
      .join(' ');
  } catch {
    return '';
  }
}

/**
 * The text cut to `max` UTF-16 units (what the schemas count) at a word's end where one is near,
 * never inside a character.
 */
function clip(text: string, max: number): string {
  if (text.length <= max) return text;
  let cut = '';
  for (const character of text) {
    if (cut.length + character.length > max - 1) break;
    cut += character;
  }
  const lastSpace = cut.lastIndexOf(' ');
  return `${lastSpace > max * 0.6 ? cut.slice(0, lastSpace) : cut}…`;
}
