// The offline pictures' public face: what each shot of a video shows (chooseShotPictures), the
// per-scene choice older callers still make, and a picture by its name.
import { pictureSet, pictureSvg } from './picture-set';
import { chooseShotPictures } from './shot-pictures';

export {
  chooseShotPictures,
  keyWords,
  type ShotPick,
  type ShotPictureOptions,
} from './shot-pictures';

export type Picture = {
  /** The icon's name in the Fluent Emoji (flat) set, e.g. `hot-beverage`; empty for none. */
  name: string;
  /** A standalone SVG document (`<svg xmlns width height viewBox>…</svg>`). */
  svg: string;
  /** The words that chose it; empty when nothing did. */
  matched: string[];
};

/** What a scene shows when its words name nothing: nothing (the scene's mood shows through). */
const NO_PICTURE_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" width="32" height="32" viewBox="0 0 32 32"></svg>';

/**
 * One picture per scene text, for renderers that still draw one picture per scene: the texts are
 * read as one video's shots (language detected) whose subject is all their words together. A
 * text that names nothing drawable, when the whole video names nothing either, gets an empty
 * picture (name ''), never a general one.
 *
 * @deprecated Call chooseShotPictures with the shots' phrases, the voice's language and the title.
 */
export function choosePictures(texts: string[]): Picture[] {
  const picks = chooseShotPictures(texts, { language: null, title: texts.join('. ') });
  return picks.map((pick) =>
    pick.kind === 'picture'
      ? { name: pick.name, svg: pick.svg, matched: pick.matched }
      : { name: '', svg: NO_PICTURE_SVG, matched: [] },
  );
}

/**
 * A picture by its icon name (`sailboat`), among those that may be chosen; undefined for any
 * other name, blocklisted ones included.
 */
export function pictureByName(name: string): Picture | undefined {
  const set = pictureSet();
  if (!set.docByName.has(name)) return undefined;
  const svg = pictureSvg(set, name);
  return svg === undefined ? undefined : { name, svg, matched: [] };
}
