// The pictures a video may show: every Fluent Emoji (flat) icon that draws an emoji CLDR
// describes, minus the blocklist, flags and symbols; joined to emojibase by normalised hexcode.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { blockedReason } from './blocklist';

/** One picture that can be chosen. */
export type PictureDoc = {
  /** The icon's name in the Fluent Emoji (flat) set, e.g. `hot-beverage`. */
  name: string;
  /** emojibase's hexcode, normalised: lower case, FE0F dropped (`1f468-200d-1f4bb`). */
  hexKey: string;
  /** The CLDR subgroup (`drink`, `face-smiling`…). */
  subgroup: string;
  /** The icon set's category (`Food & Drink`…). */
  category: string;
  /** A man- or woman- variant has a gender-neutral sibling that is preferred on a tie. */
  genderNeutral: boolean;
  /** CLDR's order: the plainest emoji of a kind comes first (😀 before 👹, ☀️ before 🌤️). */
  order: number;
};

export type Drawable = {
  body: string;
  left: number;
  top: number;
  width: number;
  height: number;
  hFlip: boolean;
  vFlip: boolean;
};

export type PictureSet = {
  docs: PictureDoc[];
  docByName: Map<string, number>;
  docByHex: Map<string, number>;
  drawables: Map<string, Drawable>;
  /** Icons the blocklist keeps out, with why: for the tests and the documentation. */
  blocked: Map<string, string>;
  /** The CLDR subgroup of any emoji (base forms and skin tones), by normalised hexcode. */
  subgroupByHex: Map<string, string>;
  svgs: Map<string, string>;
};

type IconifyIcon = {
  body: string;
  width?: number;
  height?: number;
  left?: number;
  top?: number;
  hFlip?: boolean;
  vFlip?: boolean;
  rotate?: number;
};
type IconifyAlias = Omit<Partial<IconifyIcon>, 'body'> & { parent: string };
type IconifySet = {
  icons: Record<string, IconifyIcon>;
  aliases?: Record<string, IconifyAlias>;
  width?: number;
  height?: number;
};
type IconSetMetadata = { categories?: Record<string, string[]> };

/** The fields of emojibase's `{locale}/data.json` that we read. */
export type EmojibaseEntry = {
  label: string;
  hexcode: string;
  tags?: string[];
  group?: number;
  subgroup?: number;
  order?: number;
  skins?: EmojibaseEntry[];
};
type EmojibaseGroups = { groups: Record<string, string>; subgroups: Record<string, string> };

/** Flags and symbols (arrows, signs, zodiac, keycaps) are not pictures of a subject. */
const SKIPPED_CATEGORIES = new Set(['Flags', 'Symbols']);
/** Skin tones and hair styles are parts of other emoji. */
const SKIPPED_GROUPS = new Set(['component']);
const GENDERED_NAME_WORDS = new Set(['man', 'woman', 'men', 'women']);

const require = createRequire(import.meta.url);

export function packageFile(packageName: string, file: string): string {
  // None of these packages forbids the path: fluent-emoji-flat exports its JSON files, the
  // others have no exports map.
  return require.resolve(`${packageName}/${file}`);
}

export function readJson<T>(file: string): T {
  return JSON.parse(readFileSync(file, 'utf8')) as T;
}

/** emojibase's hexcode in the icon set's key format: lower case, no FE0F (`1F44D` → `1f44d`). */
export function hexKey(hexcode: string): string {
  return hexcode
    .toLowerCase()
    .split('-')
    .filter((part) => part !== 'fe0f')
    .join('-');
}

/** "🏙️" → "1f3d9", the same key from the emoji itself (CLDR's and emojilib's files key by it). */
export function emojiHexKey(emoji: string): string {
  return [...emoji.replace(/\uFE0F/g, '')]
    .map((char) => (char.codePointAt(0) ?? 0).toString(16).padStart(4, '0'))
    .join('-');
}

/**
 * Faces, hands, gestures and the symbols of feelings: CLDR's keywords for them are moods and
 * idioms ("cool", "power", "heavy metal", "good"), so only their labels find them (a phrase that
 * names the gesture: "thumbs up", "clapping"), and they are never a video's fallback subject.
 */
const EXPRESSIVE_SUBGROUP =
  /^(face-|cat-face$|monkey-face$|emotion$|hand-fingers-|hand-single-|hands$|person-gesture$)/;

export const isExpressive = (picture: PictureDoc | undefined) =>
  picture !== undefined && EXPRESSIVE_SUBGROUP.test(picture.subgroup);

export const isGenderedName = (name: string) =>
  name.split('-').some((word) => GENDERED_NAME_WORDS.has(word));

/** An icon or alias as a body with its box and flips, or undefined when it cannot be drawn. */
function drawable(set: IconifySet, name: string): Drawable | undefined {
  let hFlip = false;
  let vFlip = false;
  let current = name;
  // Aliases point at other icons (a right hand is a flipped left hand); a few hops at most.
  for (let hop = 0; hop < 8; hop++) {
    const icon = set.icons[current];
    if (icon) {
      if (icon.rotate) return undefined;
      return {
        body: icon.body,
        left: icon.left ?? 0,
        top: icon.top ?? 0,
        width: icon.width ?? set.width ?? 16,
        height: icon.height ?? set.height ?? 16,
        hFlip: hFlip !== Boolean(icon.hFlip),
        vFlip: vFlip !== Boolean(icon.vFlip),
      };
    }
    const alias = set.aliases?.[current];
    if (!alias || alias.rotate) return undefined;
    if (alias.hFlip) hFlip = !hFlip;
    if (alias.vFlip) vFlip = !vFlip;
    current = alias.parent;
  }
  return undefined;
}

function svgDocument(picture: Drawable): string {
  const { left, top, width, height } = picture;
  const transforms: string[] = [];
  if (picture.hFlip) transforms.push(`translate(${width + 2 * left} 0) scale(-1 1)`);
  if (picture.vFlip) transforms.push(`translate(0 ${height + 2 * top}) scale(1 -1)`);
  const body =
    transforms.length > 0
      ? `<g transform="${transforms.join(' ')}">${picture.body}</g>`
      : picture.body;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="${left} ${top} ${width} ${height}">${body}</svg>`;
}

/**
 * Reads the icon set and emojibase's English data (for every emoji's subgroup) and keeps the
 * pictures that may be chosen. English is read here once; its keywords are indexed separately.
 */
function buildPictureSet(): PictureSet {
  const set = readJson<IconifySet>(packageFile('@iconify-json/fluent-emoji-flat', 'icons.json'));
  const chars = readJson<Record<string, string>>(
    packageFile('@iconify-json/fluent-emoji-flat', 'chars.json'),
  );
  const metadata = readJson<IconSetMetadata>(
    packageFile('@iconify-json/fluent-emoji-flat', 'metadata.json'),
  );
  const entries = readJson<EmojibaseEntry[]>(packageFile('emojibase-data', 'en/data.json'));
  const groups = readJson<EmojibaseGroups>(packageFile('emojibase-data', 'meta/groups.json'));

  const categoryOf = new Map<string, string>();
  for (const [category, names] of Object.entries(metadata.categories ?? {})) {
    for (const name of names) categoryOf.set(name, category);
  }
  const subgroupByHex = new Map<string, string>();
  for (const entry of entries) {
    const subgroup = groups.subgroups[String(entry.subgroup)];
    if (subgroup === undefined) continue;
    subgroupByHex.set(hexKey(entry.hexcode), subgroup);
    for (const skin of entry.skins ?? []) subgroupByHex.set(hexKey(skin.hexcode), subgroup);
  }
  const subgroupOf = (key: string) => subgroupByHex.get(key);

  const docs: PictureDoc[] = [];
  const docByName = new Map<string, number>();
  const docByHex = new Map<string, number>();
  const drawables = new Map<string, Drawable>();
  const blocked = new Map<string, string>();
  for (const entry of entries) {
    const key = hexKey(entry.hexcode);
    if (SKIPPED_GROUPS.has(groups.groups[String(entry.group)] ?? '')) continue;
    // chars.json lists icons, not aliases: a mirrored icon is found by its English name.
    const kebabLabel = entry.label.toLowerCase().replace(/[^a-z0-9]+/g, '-');
    const name = chars[key] ?? (set.aliases?.[kebabLabel] ? kebabLabel : undefined);
    if (!name || docByName.has(name)) continue;
    const reason = blockedReason(key, subgroupOf);
    if (reason) {
      blocked.set(name, reason);
      continue;
    }
    const category = categoryOf.get(name) ?? categoryOf.get(chars[key] ?? '') ?? '';
    if (SKIPPED_CATEGORIES.has(category)) continue;
    const picture = drawable(set, name);
    if (!picture) continue;
    docByName.set(name, docs.length);
    docByHex.set(key, docs.length);
    docs.push({
      name,
      hexKey: key,
      subgroup: subgroupOf(key) ?? '',
      category,
      genderNeutral: !isGenderedName(name),
      order: entry.order ?? Number.MAX_SAFE_INTEGER,
    });
    drawables.set(name, picture);
  }
  return { docs, docByName, docByHex, drawables, blocked, subgroupByHex, svgs: new Map() };
}

let cachedSet: PictureSet | undefined;

/** The picture set, built on first use in each thread (worker threads do not share modules). */
export function pictureSet(): PictureSet {
  cachedSet ??= buildPictureSet();
  return cachedSet;
}

/** A chosen picture as a standalone SVG document, made once per name. */
export function pictureSvg(set: PictureSet, name: string): string | undefined {
  let svg = set.svgs.get(name);
  if (svg === undefined) {
    const picture = set.drawables.get(name);
    if (!picture) return undefined;
    svg = svgDocument(picture);
    set.svgs.set(name, svg);
  }
  return svg;
}
