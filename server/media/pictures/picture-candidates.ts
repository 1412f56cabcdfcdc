// The pictures a storyboard's picker offers: for each shot, what the renderer would choose first
// and then the other pictures its phrase fits; and the pictures a typed search names.
import { keywordIndex, rankCandidates } from './keyword-index';
import { isExpressive, pictureSet } from './picture-set';
import {
  chooseShotPictures,
  keyWords,
  type ShotPick,
  type ShotPictureOptions,
} from './shot-pictures';
import { resolveLanguage, resolveRegion } from './words';

/** A picture offered to the member: its icon name and the words that found it. */
export type PictureOffer = { name: string; matched: string[] };

/**
 * A shot's offers: the renderer's own pick, up to `count` pictures (that pick first), and the
 * phrase's key words for a typographic shot.
 */
export type ShotOffers = { pick: ShotPick; pictures: PictureOffer[]; keyWords: string[] };

/** Below this score a picture is too loose a match to offer (keyword-index scores). */
const MIN_OFFER_SCORE = 3;

export function shotPictureOffers(
  shots: string[],
  options: ShotPictureOptions,
  count: number,
): ShotOffers[] {
  const picks = chooseShotPictures(shots, options);
  const language = resolveLanguage(options.language ?? null, [options.title, ...shots]);
  const index = keywordIndex(language, resolveRegion(options.language ?? null, language));
  return shots.map((shot, position) => {
    const pick = picks[position] ?? { kind: 'typographic', words: [] };
    const pictures: PictureOffer[] =
      pick.kind === 'picture' ? [{ name: pick.name, matched: pick.matched }] : [];
    for (const candidate of rankCandidates(index, shot)) {
      if (pictures.length >= count) break;
      const doc = index.set.docs[candidate.doc];
      if (!doc || candidate.score < MIN_OFFER_SCORE || isExpressive(doc)) continue;
      if (pictures.some((offer) => offer.name === doc.name)) continue;
      pictures.push({ name: doc.name, matched: [...candidate.matched] });
    }
    const words = pick.kind === 'typographic' ? pick.words : keyWords(shot, language);
    return { pick, pictures, keyWords: words };
  });
}

/** The pictures a search for `query` finds, best first (expressive faces and hands left out). */
export function searchPictures(
  query: string,
  language: string | null,
  count: number,
): PictureOffer[] {
  const resolved = resolveLanguage(language, [query]);
  const index = keywordIndex(resolved, resolveRegion(language, resolved));
  const found: PictureOffer[] = [];
  for (const candidate of rankCandidates(index, query)) {
    if (found.length >= count) break;
    const doc = index.set.docs[candidate.doc];
    if (!doc || isExpressive(doc) || found.some((offer) => offer.name === doc.name)) continue;
    found.push({ name: doc.name, matched: [...candidate.matched] });
  }
  return found;
}

/** Which of `names` are pictures the renderer may show (blocklisted and unknown ones are not). */
export function knownPictures(names: readonly string[]): string[] {
  const set = pictureSet();
  return names.filter((name) => set.docByName.has(name));
}
