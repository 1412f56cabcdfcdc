// Chooses what each shot of a video shows: the picture its phrase names, in the member's
// language; else the video's subject (the title's, read with its shots); else its key words set
// large (a typographic shot).
import { cheapestAssignment } from './assignment';
import {
  type Candidate,
  type KeywordIndex,
  keywordIndex,
  placeName,
  rankCandidates,
} from './keyword-index';
import { isExpressive, pictureSvg } from './picture-set';
import { resolveLanguage, resolveRegion, splitWords } from './words';

export type ShotPick =
  | {
      kind: 'picture';
      /** The icon's name in the Fluent Emoji (flat) set, e.g. `hot-beverage`. */
      name: string;
      /** A standalone SVG document (`<svg xmlns width height viewBox>…</svg>`). */
      svg: string;
      /**
       * The words (as the member wrote them) that chose it: the phrase's, the title's, or
       * another shot's when the video's subject comes from its shots.
       */
      matched: string[];
    }
  | {
      kind: 'typographic';
      /** The phrase's 1–3 key words in the member's spelling, to be set large on screen. */
      words: string[];
    };

export type ShotPictureOptions = {
  /** The voice's BCP 47 tag (`es-ES`), or null to detect the language from the words. */
  language: string | null;
  /**
   * The video's title: its subject, read with the shots, is what a phrase that names nothing
   * drawable shows.
   */
  title: string;
};

/**
 * Below this score a match is incidental (one common keyword of a face): the phrase is taken to
 * name nothing. About a keyword shared by a third of the pictures.
 */
const MIN_SCORE = 3;
/** A candidate "fits" a phrase when it scores at least this share of the phrase's best. */
const FIT_RATIO = 0.55;
/** Above this many shots, the rest take their best unused picture in order (the optimal
 * assignment's cost grows with the cube of the count). */
const MAX_ASSIGNED_SHOTS = 48;
/** What a place's name stands for when a title names nothing else. */
const CITY = 'cityscape';
/** How many key words a typographic shot sets. */
const KEY_WORDS = 3;

/**
 * The candidates that fit a phrase: strong enough, close to its best, and chosen by a head word
 * when any is ("neighbourhood bakery" fits bread, not houses).
 */
function fitting(candidates: Candidate[]): Candidate[] {
  const anyHead = candidates.some((candidate) => candidate.head);
  const eligible = candidates.filter((candidate) => candidate.head || !anyHead);
  const best = eligible[0]?.score ?? 0;
  if (best < MIN_SCORE) return [];
  return eligible.filter((candidate) => candidate.score >= Math.max(MIN_SCORE, FIT_RATIO * best));
}

/**
 * Gives each shot one of its fitting candidates, no picture twice, with the highest total score:
 * a shot that can only be a boat gets the boat even when an earlier shot liked it too.
 */
function assignDistinct(candidatesByShot: Candidate[][]): (Candidate | undefined)[] {
  const assigned: (Candidate | undefined)[] = candidatesByShot.map(() => undefined);
  const rows = candidatesByShot.slice(0, MAX_ASSIGNED_SHOTS);
  const docs = [...new Set(rows.flatMap((list) => list.map(({ doc }) => doc)))];
  if (docs.length > 0) {
    const columnOfDoc = new Map(docs.map((doc, column) => [doc, column]));
    // Spare columns (cost 0, as for a picture the shot did not score) let a shot go unmatched.
    const columns = docs.length + rows.length;
    const cost = rows.map((list, shot) => {
      const row = new Array<number>(columns).fill(0);
      // A hair's preference for better-ranked candidates keeps ties as ranked, and for earlier
      // shots, so that of two shots asking equally for a picture, the first gets it.
      const tieBreak = 1e-6 * (rows.length - shot);
      list.forEach((candidate, rank) => {
        row[columnOfDoc.get(candidate.doc) ?? 0] = -(candidate.score - rank * tieBreak);
      });
      return row;
    });
    cheapestAssignment(cost, columns).forEach((column, shot) => {
      const doc = docs[column];
      assigned[shot] = rows[shot]?.find((candidate) => candidate.doc === doc);
    });
  }
  const used = new Set(assigned.flatMap((candidate) => (candidate ? [candidate.doc] : [])));
  candidatesByShot.slice(MAX_ASSIGNED_SHOTS).forEach((list, offset) => {
    const best = list.find((candidate) => !used.has(candidate.doc));
    if (!best) return;
    assigned[MAX_ASSIGNED_SHOTS + offset] = best;
    used.add(best.doc);
  });
  return assigned;
}

/**
 * A phrase's key words for a typographic shot, in its order and the member's spelling: its
 * content words first, then its everyday verbs and adjectives; the longest when there are more.
 */
export function keyWords(text: string, language: string): string[] {
  const words = splitWords(text, language);
  const seen = new Set<string>();
  const unique = words.filter((word) => {
    if (word.surface.length === 0 || seen.has(word.form)) return false;
    seen.add(word.form);
    return true;
  });
  const content = unique.filter((word) => !word.functionWord);
  const everyday = unique.filter((word) => word.functionWord && !word.stopWord);
  let chosen = [...content, ...everyday];
  if (chosen.length === 0) chosen = unique.filter((word) => /\p{L}/u.test(word.form));
  if (chosen.length > KEY_WORDS) {
    const longest = [...chosen]
      .map((word, order) => ({ word, order, content: !word.functionWord }))
      .sort(
        (a, b) =>
          Number(b.content) - Number(a.content) ||
          [...b.word.surface].length - [...a.word.surface].length ||
          a.order - b.order,
      )
      .slice(0, KEY_WORDS)
      .map(({ word }) => word);
    chosen = chosen.filter((word) => longest.includes(word));
  }
  // Back in the phrase's order.
  return unique.filter((word) => chosen.includes(word)).map((word) => word.surface);
}

/**
 * What the video is about: the thing its title names ("coffee"), not an association ("Power"
 * is no crown), and never a face or a hand (a gesture shows only where a phrase makes it).
 *
 * The title's best picture, unless no other shot names it while another of the title's
 * pictures, chosen by another of its words, is named by some shot: "Puppy's first week at
 * home" is about the puppy the shots speak of, not the home. A subject that a shot names too
 * is sure, even through a word CLDR has only as a keyword ("puppy" is the dog's). A place the
 * title names with nothing sure besides is a city. When the title names nothing, the picture
 * that is the surest of two or more shots is the subject.
 */
function videoSubject(
  index: KeywordIndex,
  title: string,
  shots: string[],
  fittingByShot: Candidate[][],
  rankedByShot: Candidate[][],
): Candidate | undefined {
  const subjectLike = (candidate: Candidate) =>
    candidate.named && !isExpressive(index.set.docs[candidate.doc]);
  const titleKey = title.trim().toLowerCase();
  // The hook repeats the title: it says nothing more about what the video is about.
  const others = shots.flatMap((shot, position) =>
    shot.trim().toLowerCase() === titleKey ? [] : [position],
  );
  const fromTitle = fitting(rankCandidates(index, title, true)).filter(subjectLike);
  const [top] = fromTitle;
  // "48 hours in Lisbon", "İstanbul'da bir gün": a place the title names, with nothing sure
  // besides, is a city. Only a guess: what a shot names, even by a keyword, comes first.
  const place = fromTitle.some((candidate) => candidate.strong)
    ? undefined
    : placeName(index, title);
  const city = index.set.docByName.get(CITY);
  if (place !== undefined && city !== undefined) {
    return {
      doc: city,
      score: MIN_SCORE,
      matched: [place],
      head: true,
      named: true,
      strong: false,
    };
  }
  if (top) {
    const echoed = (candidate: Candidate) =>
      others.some((position) =>
        (rankedByShot[position] ?? []).some(({ doc }) => doc === candidate.doc),
      );
    if (echoed(top)) return { ...top, strong: true };
    const other = fromTitle.find(
      (candidate) =>
        echoed(candidate) && !candidate.matched.some((word) => top.matched.includes(word)),
    );
    return other ? { ...other, strong: true } : top;
  }
  const votes = new Map<number, { count: number; candidate: Candidate }>();
  for (const position of others) {
    const [best] = fittingByShot[position] ?? [];
    if (!best?.strong || !subjectLike(best)) continue;
    const vote = votes.get(best.doc);
    if (vote) vote.count++;
    else votes.set(best.doc, { count: 1, candidate: best });
  }
  let winner: { count: number; candidate: Candidate } | undefined;
  for (const vote of votes.values()) if (vote.count > (winner?.count ?? 1)) winner = vote;
  return winner?.candidate;
}

function pictureOf(index: KeywordIndex, candidate: Candidate): ShotPick | undefined {
  const name = index.set.docs[candidate.doc]?.name;
  const svg = name === undefined ? undefined : pictureSvg(index.set, name);
  if (name === undefined || svg === undefined) return undefined;
  return { kind: 'picture', name, svg, matched: [...candidate.matched] };
}

/**
 * What each shot shows, in order: one pick per phrase. Shots get the picture their phrase names
 * (different pictures where another fits, never the previous shot's), a phrase that names
 * nothing drawable gets the title's subject unless the previous shot shows it, else its key
 * words. Pure, synchronous and deterministic; never throws, whatever the strings hold.
 */
export function chooseShotPictures(shots: string[], options: ShotPictureOptions): ShotPick[] {
  const title = typeof options.title === 'string' ? options.title : '';
  const language = resolveLanguage(options.language ?? null, [title, ...shots]);
  const index = keywordIndex(language, resolveRegion(options.language ?? null, language));

  const rankedByShot = shots.map((shot) => rankCandidates(index, shot));
  // A phrase that names something surely leaves its guesses aside, even when the sure picture
  // goes to another shot: "给猫换新鲜的水" is the cat or the water, never a window for "fresh".
  const ranked = rankedByShot.map((candidates) => {
    const fit = fitting(candidates);
    return fit.some((candidate) => candidate.strong)
      ? fit.filter((candidate) => candidate.strong)
      : fit;
  });
  const titleBest = videoSubject(index, title, shots, ranked, rankedByShot);
  // A phrase found only through words that may be verbs or adjectives ("Vierte el caldo
  // caliente" is no hot dog) shows the title's subject instead, when a sure word names it;
  // its guess comes only where the title's subject would stand next to itself.
  const weakGuesses = ranked.map((candidates) =>
    titleBest?.strong && !candidates.some((candidate) => candidate.strong) ? candidates : [],
  );
  const candidatesByShot = ranked.map((candidates, shot) =>
    (weakGuesses[shot]?.length ?? 0) > 0 ? [] : candidates,
  );
  const assigned = assignDistinct(candidatesByShot);
  const docs: (number | undefined)[] = assigned.map((candidate) => candidate?.doc);

  // A shot whose fitting pictures all went to other shots repeats its best one, as long as
  // neither neighbour shows it.
  candidatesByShot.forEach((candidates, shot) => {
    if (docs[shot] !== undefined) return;
    const repeat = candidates.find(
      (candidate) => candidate.doc !== docs[shot - 1] && candidate.doc !== docs[shot + 1],
    );
    if (repeat) {
      assigned[shot] = repeat;
      docs[shot] = repeat.doc;
    }
  });

  let titleWords: string[] | undefined;
  return shots.map((shot, position) => {
    const candidate = assigned[position];
    const picked = candidate && pictureOf(index, candidate);
    if (picked) return picked;
    if (titleBest && docs[position - 1] !== titleBest.doc && docs[position + 1] !== titleBest.doc) {
      const titlePicture = pictureOf(index, titleBest);
      if (titlePicture) {
        docs[position] = titleBest.doc;
        return titlePicture;
      }
    }
    const guess = weakGuesses[position]?.find(
      (weak) => weak.doc !== docs[position - 1] && weak.doc !== docs[position + 1],
    );
    const guessed = guess && pictureOf(index, guess);
    if (guess && guessed) {
      docs[position] = guess.doc;
      return guessed;
    }
    let words = keyWords(shot, language);
    if (words.length === 0) {
      titleWords ??= keyWords(title, language);
      words = titleWords;
    }
    return { kind: 'typographic', words: [...words] };
  });
}
