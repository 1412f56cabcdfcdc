// Finds the words of a phrase that sit inside a comparison or an example ("like sea salt", "such
// as rice", "como en Valencia", "ekmek gibi", "海塩のように"), or that it says are absent
// ("without the heavy price", "sin azúcar"): they describe the shot's subject, they are not it,
// so they never choose its picture.
import type { Word } from './words';

/** How one language marks a comparison or an example, in the form words are compared by (lower
 * case, accents dropped but German umlauts kept; ł and ı stay letters of their own). */
type Markers = {
  /** The rest of the clause is compared: "like", "such as", "por ejemplo", "comme". */
  before?: readonly string[];
  /**
   * Also "how" ("Como hacer pan", "Come fare la pizza", "Jak zrobić"): a comparison only when
   * not the phrase's first word and not followed by an infinitive.
   */
  orHow?: readonly string[];
  /** Also "how" at the start of a clause ("Lerne, wie man Brot backt"): German "wie". */
  orHowInClause?: readonly string[];
  /** What ends an infinitive, for `orHow`. */
  infinitive?: RegExp;
  /** Postpositions: the content words just before are compared ("deniz tuzu gibi"). */
  after?: readonly string[];
  /** Endings that mark their own word as compared (Korean "소금처럼", "빵보다"). */
  endings?: readonly string[];
  /** "as … as", "zo … als": the first opens a comparison when the second follows closely. */
  pairs?: readonly (readonly [string, string])[];
  /** "than" words, read as such only after a comparative ("más … que", "größer als"). */
  than?: readonly string[];
  /** Comparatives that open a `than`: "más", "plus". */
  comparatives?: readonly string[];
  /** Or an adjective with this ending, in lower case unless it opens the clause (German nouns
   * are capitalised: "größer als", but "Wasser als Basis"). */
  comparativeEnding?: RegExp;
  /** Words before which "like" is a verb ("I like", "kids like", "would like"), not "as". */
  likeIsVerbAfter?: ReadonlySet<string>;
  /** Ablative + "daha" (Turkish "ekmekten daha"): the word with the ending is compared. */
  thanEndingBefore?: { word: string; ending: RegExp };
};

const words = (text: string) => text.split(/\s+/).filter(Boolean);

/**
 * "Without": the thing named next is absent ("Café sin azúcar", "Heavy bass without the heavy
 * price"). Only its own words, up to the next function word after them: "Without a car you can
 * take the bus" still shows the bus.
 */
const ABSENCE: Readonly<Record<string, ReadonlySet<string>>> = {
  en: new Set(['without']),
  es: new Set(['sin']),
  pt: new Set(['sem']),
  fr: new Set(['sans']),
  de: new Set(['ohne']),
  it: new Set(['senza']),
  nl: new Set(['zonder']),
  pl: new Set(['bez']),
};

/** Per language; markers of several words are written with spaces ("such as"). */
const MARKERS: Readonly<Record<string, Markers>> = {
  en: {
    before: [
      'like',
      'unlike',
      'than',
      'such as',
      'for example',
      'for instance',
      'e.g',
      'eg',
      'similar to',
      'the size of',
      'as if',
      'as though',
      'resembling',
    ],
    pairs: [['as', 'as']],
    likeIsVerbAfter: new Set(
      words(`i you we they he she who people kids children everyone everybody would d do does did
      don doesn didn really also to will might may all both always still just`),
    ),
  },
  es: {
    before: [
      'por ejemplo',
      'tal como',
      'tales como',
      'tal cual',
      'parecido a',
      'parecida a',
      'igual que',
      'semejante a',
    ],
    orHow: ['como'],
    infinitive: /(ar|er|ir)(se|lo|la|los|las|le|les)?$/,
    than: ['que'],
    comparatives: words('mas menos mejor peor mayor menor'),
  },
  pt: {
    before: ['por exemplo', 'tal como', 'tais como', 'igual a', 'parecido com', 'parecida com'],
    orHow: ['como'],
    infinitive: /(ar|er|ir|or)$/,
    pairs: [['tao', 'quanto']],
    than: ['que'],
    comparatives: words('mais menos melhor pior maior menor'),
  },
  fr: {
    before: [
      'comme',
      'par exemple',
      'tel que',
      'telle que',
      'tels que',
      'telles que',
      'semblable a',
      'pareil a',
      'pareille a',
    ],
    than: ['que'],
    comparatives: words('plus moins mieux meilleur meilleure aussi autant'),
  },
  de: {
    before: ['zum beispiel', 'z.b', 'z b', 'beispielsweise', 'ähnlich wie', 'genauso wie'],
    orHowInClause: ['wie'],
    than: ['als'],
    comparatives: words('mehr weniger lieber eher'),
    comparativeEnding: /..er$/,
  },
  it: {
    before: ['per esempio', 'ad esempio', 'simile a', 'proprio come'],
    orHow: ['come'],
    infinitive: /(are|ere|ire|rre)$/,
    pairs: [
      ['cosi', 'come'],
      ['tanto', 'quanto'],
    ],
    than: words('di del della dello dei degli delle che'),
    comparatives: words('piu meno meglio migliore peggio peggiore'),
  },
  nl: {
    before: ['zoals', 'bijvoorbeeld', 'bv', 'b.v', 'net als', 'zoiets als'],
    pairs: [['zo', 'als']],
    // "dan" is also "then": only after a comparative from this list.
    than: ['dan', 'als'],
    comparatives: words(
      'meer minder liever beter groter kleiner sneller langer korter zachter harder zoeter',
    ),
  },
  pl: {
    before: [
      'na przykład',
      'np',
      'niczym',
      'jakby',
      'podobnie jak',
      'tak jak',
      'taki jak',
      'taka jak',
      'takie jak',
      'niz',
    ],
    orHow: ['jak'],
    infinitive: /(c|dz)$/,
  },
  tr: {
    before: ['ornegin', 'mesela'],
    after: ['gibi', 'benzeri'],
    thanEndingBefore: { word: 'daha', ending: /..(dan|den|tan|ten)$/ },
  },
  ko: {
    before: ['예를 들어', '예를 들면', '예컨대'],
    // Not 같이: it is also "together" ("친구와 같이").
    after: ['같은', '처럼'],
    endings: ['처럼', '보다'],
  },
  hi: {
    before: ['उदाहरण के लिए', 'जैसे कि'],
    after: ['जैसा', 'जैसे', 'जैसी', 'की तरह', 'के जैसा', 'के जैसी', 'के जैसे'],
  },
  ar: {
    // Not كأن: without its hamza it reads as كان, "was".
    before: ['مثل', 'مثلا', 'كمثل', 'على سبيل المثال', 'يشبه', 'تشبه'],
  },
};

/** Chinese and Japanese, read by scanning: markers found in the running text. */
export type ScanMarkers = {
  /** The rest of the clause is compared (or up to an `until`): "比如", "像", "例えば". */
  before: readonly string[];
  until: readonly string[];
  /** The keyword just before is compared: "のように", "みたいな", "より". */
  after: readonly string[];
};

const CHINESE_MARKERS: ScanMarkers = {
  before: ['比如', '例如', '譬如', '好像', '像是', '就像', '如同', '仿佛', '彷彿', '像', '比'],
  until: ['一样', '一樣', '一般', '似的'],
  after: [],
};

const SCAN_MARKERS: Readonly<Record<string, ScanMarkers>> = {
  zh: CHINESE_MARKERS,
  'zh-hant': CHINESE_MARKERS,
  ja: {
    before: ['例えば', 'たとえば'],
    until: [],
    after: [
      'のような',
      'のように',
      'のよう',
      'ような',
      'ように',
      'みたいな',
      'みたいに',
      'っぽい',
      'より',
    ],
  },
};

export function scanMarkers(language: string): ScanMarkers | undefined {
  return SCAN_MARKERS[language];
}

/** What ends a clause in running Chinese or Japanese text. */
export const CLAUSE_PUNCTUATION = /[，。、！？；：,.!?;:()（）「」『』\n]/u;

/** The postpositions' reach: "deniz tuzu gibi" is two words; the verb before them is not. */
const AFTER_REACH = 2;
/** "as fine as", "so weich wie": how far the pair's second word may be. */
const PAIR_REACH = 4;
/** "más suave que", "plus de sel que": how far a comparative may be before its "than". */
const THAN_REACH = 3;

/** Whether the words from `at` spell `marker` (its words separated by spaces). */
function spells(forms: readonly string[], at: number, marker: string): number {
  const parts = marker.split(' ');
  for (let offset = 0; offset < parts.length; offset++) {
    if (forms[at + offset] !== parts[offset]) return 0;
  }
  return parts.length;
}

/**
 * The positions of a phrase's words that sit inside a comparison or an example, in a language
 * written with spaces. A clause ends at punctuation: "Sirve con limón, como en Valencia" keeps
 * the lemon.
 */
export function comparedWords(phrase: readonly Word[], language: string): Set<number> {
  const compared = new Set<number>();
  const markers = MARKERS[language];
  if (!markers || phrase.length === 0) return compared;
  const forms = phrase.map((word) => word.form);
  const absence = ABSENCE[language];
  if (absence) {
    for (let at = 0; at < phrase.length; at++) {
      if (!absence.has(forms[at] ?? '')) continue;
      let named = false;
      for (let next = at + 1; next < phrase.length; next++) {
        const word = phrase[next];
        if (!word || word.joined === 'break') break;
        if (word.functionWord && named && word.stopWord) break;
        compared.add(next);
        if (!word.functionWord) named = true;
      }
    }
  }
  // Each word's clause: its last word's position.
  const clauseEnd: number[] = new Array(phrase.length).fill(phrase.length - 1);
  for (let at = phrase.length - 2; at >= 0; at--) {
    clauseEnd[at] = phrase[at + 1]?.joined === 'break' ? at : (clauseEnd[at + 1] ?? at);
  }
  const clauseStarts = (at: number) => at === 0 || phrase[at]?.joined === 'break';
  const sameClause = (from: number, to: number) => (clauseEnd[from] ?? -1) >= to;
  const markRest = (from: number, clauseOf: number) => {
    for (let at = from; at <= (clauseEnd[clauseOf] ?? -1); at++) compared.add(at);
  };

  for (let at = 0; at < phrase.length; at++) {
    const form = forms[at] ?? '';
    let length = 0;
    for (const marker of markers.before ?? []) {
      length = spells(forms, at, marker);
      if (length > 0) break;
    }
    if (length > 0 && form === 'like' && markers.likeIsVerbAfter?.has(forms[at - 1] ?? '')) {
      length = 0;
    }
    if (length > 0) {
      markRest(at, at);
      continue;
    }
    if (markers.orHow?.includes(form)) {
      // "Cómo" with its accent is always "how"; without, a title's first word usually is too.
      const how =
        at === 0 ||
        /[óô]/u.test(phrase[at]?.surface.toLowerCase() ?? '') ||
        (markers.infinitive?.test(forms[at + 1] ?? '') ?? false);
      if (!how) markRest(at, at);
      continue;
    }
    if (markers.orHowInClause?.includes(form)) {
      if (!clauseStarts(at)) markRest(at, at);
      continue;
    }
    const pair = markers.pairs?.find(([first]) => first === form);
    if (pair) {
      for (let next = at + 1; next <= at + PAIR_REACH && sameClause(at, next); next++) {
        if (forms[next] === pair[1]) {
          markRest(at, at);
          break;
        }
      }
      continue;
    }
    if (markers.than?.includes(form)) {
      for (let back = at - 1; back >= Math.max(0, at - THAN_REACH); back--) {
        if (!sameClause(back, at)) break;
        const before = forms[back] ?? '';
        const surface = phrase[back]?.surface ?? '';
        const lowerCase = surface === surface.toLowerCase() || clauseStarts(back);
        if (
          markers.comparatives?.includes(before) ||
          (markers.comparativeEnding?.test(before) && lowerCase)
        ) {
          markRest(at, at);
          break;
        }
      }
      continue;
    }
    for (const marker of markers.after ?? []) {
      if (spells(forms, at, marker) === 0) continue;
      if (clauseStarts(at)) {
        // At a clause's start a postposition introduces examples ("जैसे आलू, प्याज").
        markRest(at, at);
      } else {
        let reached = 0;
        for (let back = at - 1; back >= 0 && reached < AFTER_REACH; back--) {
          if (!sameClause(back, at)) break;
          compared.add(back);
          if (!phrase[back]?.functionWord) reached++;
        }
      }
      break;
    }
    if (markers.endings?.some((ending) => form.length > ending.length && form.endsWith(ending))) {
      compared.add(at);
    }
    const thanEnding = markers.thanEndingBefore;
    if (thanEnding && form === thanEnding.word && at > 0 && sameClause(at - 1, at)) {
      if (thanEnding.ending.test(forms[at - 1] ?? '')) compared.add(at - 1);
    }
  }
  return compared;
}
