// Test data: descriptions as members write them (plain text, numbered and bulleted lists, long and
// short ones, in English, Spanish, Portuguese, French, German and Japanese), built from sentences
// whose full and shortened forms are known, so that property tests can check the planner's
// narration against what the member wrote without trusting the planner's own reading of it.
import fc from 'fast-check';

export const CORPUS_LANGUAGES = ['en', 'es', 'pt', 'fr', 'de', 'ja'] as const;
export type CorpusLanguage = (typeof CORPUS_LANGUAGES)[number];

/** One sentence of a description: as written, and its shortened form (its aside left out). */
export type CorpusSentence = { text: string; short: string; item: boolean };

export type CorpusCase = {
  language: CorpusLanguage;
  kind: 'plain' | 'numbered' | 'inline-numbered' | 'bulleted' | 'long' | 'short';
  title: string;
  description: string;
  /** In order; a list's intro first. */
  sentences: CorpusSentence[];
  /** A job's call to action: as spoken, its address as said, and as shown; null when none. */
  closing: { spoken: string; address: string; written: string } | null;
  engineRun: boolean;
  scenes: number;
  voiced: boolean;
  narrationLanguage: string | null;
};

type Language = {
  tag: string;
  titles: string[];
  /** Main clauses: subject, verb, object, no direction and no aside. */
  clauses: string[];
  /** Asides the planner may leave out, appended to a clause. */
  asides: string[];
  intro: string;
  stop: string;
  /** A shortish clause for short descriptions. */
  short: string[];
  closing?: { line: string; spoken: string; address: string; written: string };
};

const LANGUAGES: Record<CorpusLanguage, Language> = {
  en: {
    tag: 'en-US',
    titles: ['Morning coffee', 'Weekend hiking tips', 'Fresh bread daily', 'Garden basics'],
    clauses: [
      'Start with freshly roasted beans and grind them medium-fine',
      'Bloom the grounds with a splash of hot water',
      'Pour slowly in circles until the scale reads 250 grams',
      'Our bakery opens every morning before the city wakes up',
      'Wear broken-in boots on long trails',
      'Pack warm layers because mountain weather turns fast',
      'The market fills with farmers and fresh produce on Saturdays',
      'Stretch your calves for thirty seconds after every run',
      'Water the tomatoes early while the soil is cool',
      'Every bag ships the same day it is roasted',
      'Kids learn to code by building small games',
      'Add the onions to the pan and stir gently',
    ],
    asides: [
      ', like sea salt',
      ' (about 20 grams)',
      ', such as a fleece and a shell',
      ', for example at sunrise',
      ' — no rush',
    ],
    intro: 'Here are my tips:',
    stop: '.',
    short: ['Fresh bread daily', 'Coffee that wakes you', 'Trails for everyone'],
    closing: {
      line: 'Call to action: Order a fresh bag at emberandoak.example',
      spoken: 'Order a fresh bag at ember and oak dot example.',
      address: 'ember and oak dot example',
      written: 'emberandoak.example',
    },
  },
  es: {
    tag: 'es-ES',
    titles: ['Tortilla española', 'Consejos de senderismo', 'Pan del día'],
    clauses: [
      'Pela y corta las patatas en láminas finas',
      'Fríe las patatas en aceite de oliva a fuego medio',
      'Bate los huevos en un bol grande',
      'Mezcla todo y deja reposar la masa diez minutos',
      'Nuestra panadería abre cada mañana antes del amanecer',
      'Lleva botas cómodas en las rutas largas',
      'Riega los tomates temprano cuando la tierra está fresca',
      'Cada bolsa sale el mismo día del tostado',
    ],
    asides: [
      ', como la sal gruesa',
      ' (unos 20 gramos)',
      ', por ejemplo una chaqueta ligera',
      ' — sin prisa',
    ],
    intro: 'Estos son mis consejos:',
    stop: '.',
    short: ['Pan recién hecho', 'Café para despertar'],
    closing: {
      line: 'CTA: Pide tu bolsa en emberandoak.example',
      spoken: 'Pide tu bolsa en ember and oak punto example.',
      address: 'ember and oak punto example',
      written: 'emberandoak.example',
    },
  },
  pt: {
    tag: 'pt-BR',
    titles: ['Café da manhã', 'Dicas de trilha', 'Pão fresquinho'],
    clauses: [
      'Descasque e corte as batatas em fatias finas',
      'Frite a cebola em fogo médio até dourar',
      'Nossa padaria abre todas as manhãs antes do nascer do sol',
      'Use botas confortáveis nas trilhas longas',
      'Regue os tomates cedo enquanto a terra está fresca',
      'Cada pacote sai no mesmo dia da torra',
    ],
    asides: [
      ', como sal grosso',
      ' (cerca de 20 gramas)',
      ', por exemplo um casaco leve',
      ' — sem pressa',
    ],
    intro: 'Estas são minhas dicas:',
    stop: '.',
    short: ['Pão fresquinho todo dia', 'Café para acordar'],
  },
  fr: {
    tag: 'fr-FR',
    titles: ['Café du matin', 'Conseils de randonnée'],
    clauses: [
      'Épluchez et coupez les pommes de terre en fines tranches',
      'Faites revenir les oignons à feu moyen',
      'Notre boulangerie ouvre chaque matin avant le lever du jour',
      'Portez des chaussures confortables sur les longs sentiers',
      'Arrosez les tomates tôt quand la terre est fraîche',
      'Chaque sac part le jour même de la torréfaction',
    ],
    asides: [
      ', comme du gros sel',
      ' (environ 20 grammes)',
      ', par exemple une veste légère',
      ' — sans se presser',
    ],
    intro: 'Voici mes conseils :',
    stop: '.',
    short: ['Du pain frais chaque jour', 'Un café pour se réveiller'],
  },
  de: {
    tag: 'de-DE',
    titles: ['Frisches Brot', 'Tipps zum Wandern'],
    clauses: [
      'Schälen Sie die Kartoffeln und schneiden Sie sie in dünne Scheiben',
      'Braten Sie die Zwiebeln bei mittlerer Hitze an',
      'Unsere Bäckerei öffnet jeden Morgen vor Sonnenaufgang',
      'Tragen Sie bequeme Schuhe auf langen Wegen',
      'Gießen Sie die Tomaten früh am Morgen',
      'Jede Tüte wird am Tag der Röstung verschickt',
    ],
    asides: [', zum Beispiel grobes Salz', ' (etwa 20 Gramm)', ' — ohne Eile'],
    intro: 'Hier sind meine Tipps:',
    stop: '.',
    short: ['Frisches Brot jeden Tag', 'Kaffee zum Aufwachen'],
  },
  ja: {
    tag: 'ja-JP',
    titles: ['朝のコーヒー', '山歩きのコツ'],
    clauses: [
      'コーヒー豆を中細挽きにします',
      'お湯を少し注いで三十秒蒸らします',
      '円を描くようにゆっくり注ぎます',
      'パン屋は毎朝早くに開きます',
      '長い山道では履き慣れた靴を履きます',
      'トマトには朝早く水をやります',
    ],
    asides: ['（約二十グラム）', '（急がずに）'],
    intro: '私のコツを紹介します。',
    stop: '。',
    short: ['毎朝焼きたてのパン', '目覚めのコーヒー'],
  },
};

const CJK = (language: CorpusLanguage) => language === 'ja';
/** Two sentences are the same one when their letters are (the aside's are part of them). */
const squashed = (text: string) => text.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '');

function sentence(language: Language, clause: string, aside: string | null, item: boolean) {
  const short = clause + language.stop;
  return { text: aside ? clause + aside + language.stop : short, short, item };
}

/** Sentences joined as written: with a space, or none in Japanese. */
function joined(code: CorpusLanguage, sentences: readonly CorpusSentence[]): string {
  return sentences.map((one) => one.text).join(CJK(code) ? '' : ' ');
}

const sentenceOf = (code: CorpusLanguage, item: boolean) => {
  const language = LANGUAGES[code];
  return fc
    .tuple(
      fc.constantFrom(...language.clauses),
      fc.option(fc.constantFrom(...language.asides), { freq: 2 }),
    )
    .map(([clause, aside]) => sentence(language, clause, aside, item));
};

const body = (code: CorpusLanguage) => {
  const language = LANGUAGES[code];
  // Distinct sentences: `omitted` names sentences by their text.
  const distinct = (item: boolean, minLength: number, maxLength: number) =>
    fc.uniqueArray(sentenceOf(code, item), {
      minLength,
      maxLength,
      selector: (one) => squashed(one.text),
    });
  const items = distinct(true, 2, 5);
  const intro: CorpusSentence = { text: language.intro, short: language.intro, item: false };
  const withIntro = (list: CorpusSentence[]) => [intro, ...list];
  return fc.oneof(
    distinct(false, 1, 8).map((sentences) => ({
      kind: 'plain' as const,
      sentences,
      description: joined(code, sentences),
    })),
    items.map((list) => {
      const sentences = withIntro(list);
      return {
        kind: 'numbered' as const,
        sentences,
        description: [
          language.intro,
          ...list.map((one, index) => `${index + 1}. ${one.text}`),
        ].join('\n'),
      };
    }),
    // On one line, after an intro or alone ("1. … 2. … 3. …": the whole list, not one bullet).
    fc.tuple(items, fc.boolean()).map(([list, introduced]) => {
      const sentences = introduced ? withIntro(list) : list;
      return {
        kind: 'inline-numbered' as const,
        sentences,
        description: [
          ...(introduced ? [language.intro] : []),
          ...list.map((one, index) => `${index + 1}. ${one.text}`),
        ].join(' '),
      };
    }),
    items.map((list) => ({
      kind: 'bulleted' as const,
      sentences: list,
      description: list.map((one) => `- ${one.text}`).join('\n'),
    })),
    distinct(false, 12, 40).map((all) => {
      // Up to 1500 characters, the form's limit, cut between sentences.
      const sentences: CorpusSentence[] = [];
      for (const one of all) {
        if (joined(code, [...sentences, one]).length > 1500) break;
        sentences.push(one);
      }
      return { kind: 'long' as const, sentences, description: joined(code, sentences) };
    }),
    fc.constantFrom(...language.short).map((clause) => {
      const sentences = [sentence(language, clause, null, false)];
      return { kind: 'short' as const, sentences, description: joined(code, sentences) };
    }),
  );
};

/** A description, its title and the request around it, in one of the corpus languages. */
export const corpusCase: fc.Arbitrary<CorpusCase> = fc
  .constantFrom(...CORPUS_LANGUAGES)
  .chain((code) => {
    const language = LANGUAGES[code];
    return fc.record({
      language: fc.constant(code),
      text: body(code),
      title: fc.constantFrom(...language.titles),
      engineRun: fc.boolean(),
      closing: language.closing ? fc.boolean() : fc.constant(false),
      scenes: fc.integer({ min: 1, max: 4 }),
      voiced: fc.boolean(),
    });
  })
  .map(({ language: code, text, title, engineRun, closing, scenes, voiced }) => {
    const language = LANGUAGES[code];
    // The address's words are the voice's language's: only cases that say which language use one.
    const call = closing && language.closing && (voiced || code === 'en') ? language.closing : null;
    return {
      language: code,
      kind: text.kind,
      title: engineRun ? `${title} #3` : title,
      description: call ? `${text.description}\n${call.line}` : text.description,
      sentences: text.sentences,
      closing: call ? { spoken: call.spoken, address: call.address, written: call.written } : null,
      engineRun,
      scenes,
      voiced,
      narrationLanguage: voiced ? language.tag : null,
    };
  });
