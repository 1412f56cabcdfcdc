// Fits the member's lines (sentences.ts) into the scenes' speaking time, in the order the rules
// give: every line whole at a natural pace if it fits; else sentences shortened inside (asides,
// parentheses and examples out, from the last sentence back); else spoken up to 1.25× faster;
// only then lines left out: the title (the hook) makes room first and comes back if there is
// room after, then sentences go from the end, then a list's intro, then list items from the end;
// the call to action and the first line said (or a list's first item) stay. The lines are then
// dealt to the scenes in order, each scene ending where a sentence, a clause or a phrase does, as
// evenly as those boundaries allow, and with a voice none too short to fill its 3 s (a hook said
// alone) while a neighbour can give it words; a short text is spread so that, with a voice, every
// scene speaks.
//
// Bounded: a description is at most 1500 characters (a few hundred phrases), every loop runs at
// most once per piece, phrase or speed step, and the one dynamic programme is O(scenes × phrases
// × phrases a scene holds).
import { endCleanly, NARRATION_MAX_SPEED, sceneLeastWords, sceneWordCapacity } from './narration';
import { BOUNDARY, joinTokens, type Phrase, phrasesOf } from './phrases';
import { comparable, type Piece, type Script } from './sentences';

export type FittedScene = {
  narration: string;
  /** Spoken words (CJK characters weighed as narrationWordCount does). */
  weight: number;
  /** 1–1.25: how much faster than natural the voice speaks (always 1 without a voice). */
  speed: number;
  /** The pieces with words in this scene. */
  pieces: number[];
  /** Whether the scene says only part of one of its pieces (a sentence spread over scenes). */
  partial: boolean;
  /** Addresses and handles the scene speaks, as written: shown on screen. */
  overlay: string | null;
};

export type FittedScript = {
  scenes: FittedScene[];
  /** The member's lines left out (or said only in part), as written, in order. */
  omitted: string[];
  /** The same, as indices of the script's pieces. */
  omittedPieces: number[];
};

/** Costs of the cut between two scenes by the boundary it falls on (see BOUNDARY). */
const CUT_COST = [0, 1, 1.5, 3, 3, 6, 40, 60, 1e6];
/** A scene left without words, while there are enough phrases for every scene to have some. */
const EMPTY_SCENE = 1000;
/** Added to a cut inside the call to action. */
const CLOSING_CUT = 2;
/** A scene left without words because the text has fewer phrases than there are scenes. */
const SPARE_SCENE = 40;
/** How much an uneven share of the words costs (squared relative difference from an even one). */
const BALANCE = 1;
/**
 * What a spoken scene too short to fill its 3 s costs (squared relative shortfall below
 * sceneLeastWords): it would hold its picture in silence. Enough to prefer cutting a neighbour at
 * a clause to a hook said alone.
 */
const SHORT_SCENE = 10;
const SPEED_STEPS = Math.round((NARRATION_MAX_SPEED - 1) * 100);
/** What speaking 0.01× faster costs, against the cuts it saves. */
const SPEED_STEP_COST = 0.25;
/** What shortening one more sentence costs, against the cuts and speed it saves. */
const SHORTEN_COST = 0.5;
const EPSILON = 1e-9;

type Form = 'full' | 'short' | 'dropped';

type StreamPhrase = Phrase & {
  piece: number;
  text: string;
  /** The piece's last phrase. */
  last: boolean;
  /** Part of the call to action. */
  closing: boolean;
};

/** The script fitted to `count` scenes; `voiced`: whether a voice speaks it (else captions only). */
export function fitScript(script: Script, count: number, voiced: boolean): FittedScript {
  const { ranges, groupOf } = sceneRanges(script, count);
  const scenes: FittedScene[] = [];
  const omitted = new Set<number>();
  ranges.forEach(([from, to], group) => {
    const indices = script.pieces.flatMap((piece, index) =>
      groupOf(piece.group) === group ? [index] : [],
    );
    const caps = Array.from({ length: to - from }, (_, offset) =>
      sceneWordCapacity(from + offset, count),
    );
    // Without a voice the captions set the pace and a scene lasts 8 s whatever it says.
    const least = Array.from({ length: to - from }, (_, offset) =>
      voiced ? sceneLeastWords(from + offset, count) : 0,
    );
    const fitted = fitGroup(script.pieces, indices, caps, least, voiced);
    for (const index of fitted.omitted) omitted.add(index);
    scenes.push(...fitted.scenes);
  });
  const omittedPieces = [...omitted].sort((a, b) => a - b);
  return {
    scenes,
    omitted: omittedPieces.map((index) => script.pieces[index]?.source ?? ''),
    omittedPieces,
  };
}

/**
 * Which scenes each marked part gets: with more marks than scenes, neighbours share a scene;
 * with fewer, the parts with the most words get the extra scenes. Without marks, one part.
 */
function sceneRanges(
  script: Script,
  count: number,
): { ranges: Array<[number, number]>; groupOf: (group: number) => number } {
  const weights = Array.from({ length: script.groups }, () => 1);
  for (const piece of script.pieces) {
    weights[piece.group] = (weights[piece.group] ?? 1) + phraseWeight(piece.full);
  }
  if (script.groups > count) {
    const cuts = balancedCuts(weights, count);
    const merged = new Map<number, number>();
    cuts.forEach(([start, end], scene) => {
      for (let group = start; group < end; group += 1) merged.set(group, scene);
    });
    return {
      ranges: cuts.map((_, scene) => [scene, scene + 1]),
      groupOf: (group) => merged.get(group) ?? 0,
    };
  }
  const scenes = weights.map(() => 1);
  for (let extra = script.groups; extra < count; extra += 1) {
    let best = 0;
    for (let group = 1; group < scenes.length; group += 1) {
      const ratio = (weights[group] ?? 0) / (scenes[group] ?? 1);
      if (ratio > (weights[best] ?? 0) / (scenes[best] ?? 1)) best = group;
    }
    scenes[best] = (scenes[best] ?? 1) + 1;
  }
  let start = 0;
  const ranges = scenes.map((length): [number, number] => {
    const range: [number, number] = [start, start + length];
    start += length;
    return range;
  });
  return { ranges, groupOf: (group) => group };
}

function phraseWeight(text: string): number {
  return phrasesOf(text, Number.POSITIVE_INFINITY).reduce((sum, phrase) => sum + phrase.weight, 0);
}

/**
 * One marked part (or the whole text) fitted to its scenes, whose word capacities are `caps` and
 * which each need `least` words to fill their 3 s with speech.
 */
function fitGroup(
  pieces: readonly Piece[],
  indices: number[],
  caps: number[],
  least: number[],
  voiced: boolean,
): { scenes: FittedScene[]; omitted: number[] } {
  const maxPhrase = Math.min(...caps) * NARRATION_MAX_SPEED;
  const phrases = new Map<string, StreamPhrase[]>();
  const phrasesFor = (index: number, form: 'full' | 'short') => {
    const key = `${index}:${form}`;
    const cached = phrases.get(key);
    if (cached) return cached;
    const piece = pieces[index] as Piece;
    const list = phrasesOf(piece[form], maxPhrase, linkRanges(piece, form)).map(
      (phrase, at, all) => ({
        ...phrase,
        piece: index,
        text: phrase.tokens.map((token) => token.text).join(''),
        last: at === all.length - 1,
        closing: piece.kind === 'closing',
        // A piece's end is a sentence's end, whatever its last mark.
        after: at === all.length - 1 ? BOUNDARY.sentence : phrase.after,
      }),
    );
    phrases.set(key, list);
    return list;
  };
  const forms = new Map<number, Form>(indices.map((index) => [index, 'full']));
  /** How many phrases a piece keeps when even dropping could not make room (last resort). */
  const kept = new Map<number, number>();
  const stream = (): StreamPhrase[] =>
    indices.flatMap((index) => {
      const form = forms.get(index) ?? 'full';
      if (form === 'dropped') return [];
      const list = phrasesFor(index, form);
      const keep = kept.get(index);
      return keep === undefined ? list : list.slice(0, keep);
    });
  const fits = (speed: number) => feasible(stream(), caps, speed);

  // 1. Shorten inside sentences, from the last one back, until the text fits at a natural pace.
  if (!fits(1)) {
    for (let at = indices.length - 1; at >= 0; at -= 1) {
      const index = indices[at] as number;
      const piece = pieces[index] as Piece;
      if (piece.short === piece.full) continue;
      forms.set(index, 'short');
      if (fits(1)) break;
    }
  }
  // 2. Speak faster (the pace is found below). 3. Only then leave lines out: the hook (the title)
  // makes room first, then sentences go from the end, then a list's intro, then list items from
  // the end; never the call to action, nor the line that always stays. The hook comes back
  // afterwards if there is room for it.
  const ofKind = (kind: Piece['kind']) => indices.filter((index) => pieces[index]?.kind === kind);
  const items = ofKind('item');
  const firstLine = indices.find((index) => {
    const kind = pieces[index]?.kind;
    return kind === 'sentence' || kind === 'item';
  });
  const intro =
    firstLine !== undefined && pieces[firstLine]?.kind === 'sentence' && items.length > 0;
  const fromTheEnd = (list: number[]) => list.filter((index) => index !== firstLine).reverse();
  const dropOrder = [
    ...(firstLine === undefined ? [] : ofKind('hook')),
    ...fromTheEnd(ofKind('sentence')),
    ...(intro ? [firstLine] : []),
    ...fromTheEnd(items),
  ];
  // The line that always stays: the first one said, or with a list, its first item.
  const anchor = intro ? items[0] : firstLine;
  for (const index of dropOrder) {
    if (fits(NARRATION_MAX_SPEED)) break;
    if (index !== anchor) forms.set(index, 'dropped');
  }
  for (const index of ofKind('hook')) {
    if (forms.get(index) !== 'dropped') continue;
    forms.set(index, 'short');
    if (!fits(NARRATION_MAX_SPEED)) forms.set(index, 'dropped');
  }
  // Last resort (a first sentence or a call to action longer than the video holds): phrases come
  // off the end of the first sentence, then it goes whole, and only then the call to action's.
  // Each step removes a phrase, so this ends.
  for (let guard = 0; guard < 10_000 && !fits(NARRATION_MAX_SPEED); guard += 1) {
    if (!trimOnce(pieces, indices, anchor, forms, kept, phrasesFor)) break;
  }

  // The pace and the cuts. The slowest pace that fits is the least; a scene that would end on a
  // comma or a clause ("who love bright, | fruity flavours" reads as one phrase cut in two) is
  // better ended at a sentence, first by shortening more sentences (from the end back, their
  // asides being what the rules give up first), then, once all are, by speaking a little
  // faster: each costs against the cut it saves.
  const pace = (faster: boolean) => {
    let slowest = SPEED_STEPS;
    for (let step = 0; step <= SPEED_STEPS; step += 1) {
      if (fits(speedAt(step))) {
        slowest = step;
        break;
      }
    }
    const said = voiced ? spread(stream(), caps.length) : stream();
    let chosen: {
      speed: number;
      cuts: Array<[number, number]>;
      cost: number;
      said: StreamPhrase[];
    } | null = null;
    // Faster than the words need only once every sentence is shortened: the rules' order.
    const fastest = faster ? SPEED_STEPS : slowest;
    for (let step = slowest; step <= fastest; step += 1) {
      const speed = speedAt(step);
      const { cuts, cost } = partition(said, caps, speed, least);
      const total = cost + SPEED_STEP_COST * step;
      if (!chosen || total < chosen.cost - EPSILON) chosen = { speed, cuts, cost: total, said };
      // Nothing left to gain: every cut already falls on a sentence's end.
      if (cost <= SPEED_STEP_COST) break;
    }
    return chosen ?? { speed: NARRATION_MAX_SPEED, cuts: [], cost: Number.POSITIVE_INFINITY, said };
  };
  const nothingLeftOut = indices.every(
    (index) => forms.get(index) !== 'dropped' && !kept.has(index),
  );
  const shortenable = nothingLeftOut
    ? indices
        .filter(
          (index) => forms.get(index) === 'full' && pieces[index]?.short !== pieces[index]?.full,
        )
        .reverse()
    : [];
  let best = { ...pace(shortenable.length === 0), shortened: 0 };
  for (let more = 1; more <= shortenable.length && best.cost > EPSILON; more += 1) {
    forms.set(shortenable[more - 1] as number, 'short');
    const option = pace(more === shortenable.length);
    if (option.cost + SHORTEN_COST * more < best.cost + SHORTEN_COST * best.shortened - EPSILON) {
      best = { ...option, shortened: more };
    }
  }
  for (const index of shortenable.slice(best.shortened)) forms.set(index, 'full');
  const { speed, cuts, said } = best;
  // A piece that lost phrases at its end (kept) is said in part: it is listed as left out too.
  const truncated = new Set(indices.filter((index) => kept.has(index)));
  const omitted = indices.filter((index) => forms.get(index) === 'dropped' || truncated.has(index));
  const scenes = cuts.map(([start, end]) =>
    sceneOf(pieces, said, start, end, voiced ? speed : 1, truncated),
  );
  return { scenes, omitted };
}

function speedAt(step: number): number {
  return Math.round((1 + step / 100) * 100) / 100;
}

/** Where a piece's addresses are said ("ember and oak dot example"): never cut inside. */
function linkRanges(piece: Piece, form: 'full' | 'short'): Array<[number, number]> {
  const text = piece[form];
  const ranges: Array<[number, number]> = [];
  for (const link of piece.links) {
    for (let at = text.indexOf(link.spoken); at >= 0; at = text.indexOf(link.spoken, at + 1)) {
      ranges.push([at, at + link.spoken.length]);
    }
  }
  return ranges;
}

function trimOnce(
  pieces: readonly Piece[],
  indices: number[],
  anchor: number | undefined,
  forms: Map<number, Form>,
  kept: Map<number, number>,
  phrasesFor: (index: number, form: 'full' | 'short') => StreamPhrase[],
): boolean {
  const hook = indices.find((index) => pieces[index]?.kind === 'hook');
  const closing = indices.find((index) => pieces[index]?.kind === 'closing');
  const alive = (index: number | undefined): index is number =>
    index !== undefined && forms.get(index) !== 'dropped';
  const count = (index: number) => {
    const form = forms.get(index) === 'short' ? 'short' : 'full';
    return kept.get(index) ?? phrasesFor(index, form).length;
  };
  // The call to action (with its address) stays whole while it fits alone: the first line gives
  // way first, phrase by phrase, then whole.
  const steps: Array<[number | undefined, 'trim' | 'drop']> = [
    [anchor, 'trim'],
    [hook, 'trim'],
    [hook, 'drop'],
    [anchor, 'drop'],
    [closing, 'trim'],
    [closing, 'drop'],
  ];
  for (const [index, step] of steps) {
    if (!alive(index)) continue;
    if (step === 'drop') {
      forms.set(index, 'dropped');
      return true;
    }
    if (count(index) > 1) {
      kept.set(index, count(index) - 1);
      return true;
    }
  }
  return false;
}

/**
 * Whether the phrases fit the scenes in order at `speed`: each scene takes as many as it holds
 * (greedy filling is optimal for an ordered split), and a scene may be left empty.
 */
function feasible(phrases: readonly StreamPhrase[], caps: readonly number[], speed: number) {
  let scene = 0;
  let load = 0;
  for (const phrase of phrases) {
    while (scene < caps.length && load + phrase.weight > (caps[scene] ?? 0) * speed + EPSILON) {
      scene += 1;
      load = 0;
    }
    if (scene >= caps.length) return false;
    load += phrase.weight;
  }
  return true;
}

/**
 * With a voice, a text with fewer phrases than scenes is cut further between words (never after
 * an article or a preposition), the heaviest phrase first, so that every scene has words.
 */
function spread(phrases: StreamPhrase[], scenes: number): StreamPhrase[] {
  const out = [...phrases];
  for (let guard = 0; guard < scenes && out.length < scenes; guard += 1) {
    let best: { at: number; cut: number; score: number } | null = null;
    for (let at = 0; at < out.length; at += 1) {
      const phrase = out[at] as StreamPhrase;
      let front = 0;
      for (let cut = 0; cut < phrase.tokens.length - 1; cut += 1) {
        const token = phrase.tokens[cut] as StreamPhrase['tokens'][number];
        front += token.weight;
        if (token.after > BOUNDARY.word) continue;
        // The strongest boundary, in the heaviest phrase, nearest its middle.
        const score = token.after * 1000 - phrase.weight * 10 + Math.abs(phrase.weight - 2 * front);
        if (!best || score < best.score) best = { at, cut, score };
      }
    }
    if (!best) break;
    const phrase = out[best.at] as StreamPhrase;
    const part = (tokens: StreamPhrase['tokens'], last: boolean): StreamPhrase => ({
      tokens,
      weight: tokens.reduce((sum, token) => sum + token.weight, 0),
      after: last ? phrase.after : (tokens.at(-1)?.after ?? BOUNDARY.word),
      piece: phrase.piece,
      text: tokens.map((token) => token.text).join(''),
      last: last && phrase.last,
      closing: phrase.closing,
    });
    out.splice(
      best.at,
      1,
      part(phrase.tokens.slice(0, best.cut + 1), false),
      part(phrase.tokens.slice(best.cut + 1), true),
    );
  }
  return out;
}

/**
 * Where the scenes start and end in `phrases`: every scene within its capacity at `speed`, ending
 * on the strongest boundaries, the words shared about evenly; a scene is empty only when there are
 * fewer phrases than scenes. The cost says how good the cut is (0: every scene ends a sentence and
 * they are even).
 */
function partition(
  phrases: readonly StreamPhrase[],
  caps: readonly number[],
  speed: number,
  /** The words each spoken scene should hold at least (0: no voice, pacing is the captions'). */
  least: readonly number[],
): { cuts: Array<[number, number]>; cost: number } {
  const count = caps.length;
  const total = phrases.length;
  const prefix = [0];
  for (const phrase of phrases) prefix.push((prefix.at(-1) ?? 0) + phrase.weight);
  const words = prefix.at(-1) ?? 0;
  const capacity = caps.reduce((sum, cap) => sum + cap, 0);
  const empty = total >= count ? EMPTY_SCENE : SPARE_SCENE;
  const best: number[][] = Array.from({ length: count + 1 }, () =>
    new Array<number>(total + 1).fill(Number.POSITIVE_INFINITY),
  );
  const from: number[][] = Array.from({ length: count + 1 }, () =>
    new Array<number>(total + 1).fill(0),
  );
  (best[0] as number[])[0] = 0;
  for (let scene = 1; scene <= count; scene += 1) {
    const cap = (caps[scene - 1] ?? 0) * speed + EPSILON;
    const target = (words * (caps[scene - 1] ?? 0)) / (capacity || 1);
    // At a faster pace the same 3 s take more words.
    const leastLoad = (least[scene - 1] ?? 0) * speed;
    const row = best[scene] as number[];
    const previous = best[scene - 1] as number[];
    for (let end = 0; end <= total; end += 1) {
      for (let start = end; start >= 0; start -= 1) {
        const load = (prefix[end] ?? 0) - (prefix[start] ?? 0);
        if (load > cap) break;
        const before = previous[start] ?? Number.POSITIVE_INFINITY;
        if (before === Number.POSITIVE_INFINITY) continue;
        let cost: number;
        if (start === end) {
          // Scene 1 always speaks; otherwise the scenes left without words are the last ones.
          cost = scene === 1 ? EMPTY_SCENE * 10 : empty + (count - scene) * 0.1;
        } else {
          const share = (load - target) / Math.max(target, 1);
          const last = phrases[end - 1];
          // The call to action is one line, shown with its address: cut inside it only if need be.
          const inClosing = last && !last.last && last.closing ? CLOSING_CUT : 0;
          const cut = end < total ? (CUT_COST[last?.after ?? 0] ?? 1e6) + inClosing : 0;
          const shortfall = leastLoad > 0 ? Math.max(0, (leastLoad - load) / leastLoad) : 0;
          cost = BALANCE * share * share + SHORT_SCENE * shortfall * shortfall + cut;
        }
        if (before + cost < (row[end] ?? Number.POSITIVE_INFINITY) - EPSILON) {
          row[end] = before + cost;
          (from[scene] as number[])[end] = start;
        }
      }
    }
  }
  const cost = best[count]?.[total] ?? Number.POSITIVE_INFINITY;
  if (cost === Number.POSITIVE_INFINITY) {
    // Not at this pace (a faster one is tried); all in the last scene keeps every word.
    const cuts = caps.map((_, scene): [number, number] =>
      scene < count - 1 ? [0, 0] : [0, total],
    );
    return { cuts, cost };
  }
  const cuts: Array<[number, number]> = [];
  let end = total;
  for (let scene = count; scene >= 1; scene -= 1) {
    const start = from[scene]?.[end] ?? 0;
    cuts.unshift([start, end]);
    end = start;
  }
  return { cuts, cost };
}

const CJK_END = /[\p{scx=Han}\p{scx=Hiragana}\p{scx=Katakana}。！？」』]$/u;
const CJK_START = /^[\p{scx=Han}\p{scx=Hiragana}\p{scx=Katakana}「『]/u;

function sceneOf(
  pieces: readonly Piece[],
  phrases: readonly StreamPhrase[],
  start: number,
  end: number,
  speed: number,
  truncated: ReadonlySet<number>,
): FittedScene {
  let narration = '';
  let weight = 0;
  const own: number[] = [];
  for (let at = start; at < end; at += 1) {
    const phrase = phrases[at] as StreamPhrase;
    // A piece cut short ends like a sentence: no trailing comma or "and", a full stop.
    const cutShort = truncated.has(phrase.piece) && phrases[at + 1]?.piece !== phrase.piece;
    const text = cutShort ? endCleanly(joinTokens(phrase.tokens)) : phrase.text;
    if (!own.includes(phrase.piece)) {
      own.push(phrase.piece);
      const clean = narration.trimEnd();
      const joined = CJK_END.test(clean) && CJK_START.test(text.trim());
      narration = clean && !joined ? `${clean} ` : clean;
    }
    narration += text;
    weight += phrase.weight;
  }
  // A piece whose phrases do not all fall in this scene is said in part here.
  const partial = own.some((piece) => {
    const first = phrases.findIndex((phrase) => phrase.piece === piece);
    const last = phrases.findLastIndex((phrase) => phrase.piece === piece);
    return first < start || last >= end || truncated.has(piece);
  });
  narration = narration.trim();
  const spoken = comparable(narration);
  const overlay = own
    .flatMap((index) => pieces[index]?.links ?? [])
    .filter((link) => spoken.includes(comparable(link.spoken)))
    .map((link) => link.written);
  return {
    narration,
    weight: Math.round(weight * 1e6) / 1e6,
    speed: narration ? speed : 1,
    pieces: own,
    partial,
    overlay: overlay.length > 0 ? [...new Set(overlay)].join(' · ') : null,
  };
}

/**
 * Splits `weights` into `parts` contiguous, non-empty runs whose largest sum is the smallest
 * possible (ties: the earlier runs take more). Small inputs (≤ 4 parts), so a plain DP.
 */
export function balancedCuts(weights: readonly number[], parts: number): Array<[number, number]> {
  const count = weights.length;
  const prefix = [0];
  for (const weight of weights) prefix.push((prefix.at(-1) ?? 0) + weight);
  const sum = (from: number, to: number) => (prefix[to] ?? 0) - (prefix[from] ?? 0);
  const best: number[][] = Array.from({ length: parts + 1 }, () =>
    new Array<number>(count + 1).fill(Number.POSITIVE_INFINITY),
  );
  const from: number[][] = Array.from({ length: parts + 1 }, () =>
    new Array<number>(count + 1).fill(0),
  );
  (best[0] as number[])[0] = 0;
  for (let k = 1; k <= parts; k += 1) {
    for (let i = k; i <= count - (parts - k); i += 1) {
      for (let j = i - 1; j >= k - 1; j -= 1) {
        const value = Math.max(best[k - 1]?.[j] ?? Number.POSITIVE_INFINITY, sum(j, i));
        if (value < (best[k]?.[i] ?? Number.POSITIVE_INFINITY)) {
          (best[k] as number[])[i] = value;
          (from[k] as number[])[i] = j;
        }
      }
    }
  }
  const cuts: Array<[number, number]> = [];
  let end = count;
  for (let k = parts; k >= 1; k -= 1) {
    const start = from[k]?.[end] ?? 0;
    cuts.unshift([start, end]);
    end = start;
  }
  return cuts;
}
