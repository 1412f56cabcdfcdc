// The script's building blocks: a sentence's shortened form, lists written on lines or inline, an
// address said as words, the language a member wrote in, and where a phrase ends.
import { describe, expect, it } from 'vitest';
import { guessLanguage } from './language';
import { BOUNDARY, phrasesOf, tokensOf } from './phrases';
import { readScript, shortenedForm } from './sentences';
import { speakLinks } from './spoken-links';

const script = (body: string, hook: string | null = null, closing = '') =>
  readScript({ hook, body, closing, language: null, vocabulary: body, fallback: 'Untitled' });

describe('shortenedForm', () => {
  it('leaves out asides, parentheses and examples, keeping the rest in order', () => {
    expect(
      shortenedForm('Start with freshly roasted beans and grind them medium-fine, like sea salt.'),
    ).toBe('Start with freshly roasted beans and grind them medium-fine.');
    expect(shortenedForm('Grind them fine, like sea salt, then bloom them for 30 seconds.')).toBe(
      'Grind them fine, then bloom them for 30 seconds.',
    );
    expect(shortenedForm('Add spices such as cumin, coriander and paprika.')).toBe('Add spices.');
    expect(shortenedForm('Our beans (roasted on Mondays) travel — by bike — to your door.')).toBe(
      'Our beans travel to your door.',
    );
    expect(shortenedForm('We roast every week — and ship the same day.')).toBe(
      'We roast every week.',
    );
  });

  it('knows the example words of Spanish, Portuguese, French, German and Japanese asides', () => {
    expect(shortenedForm('Añade especias, como comino y pimentón, y luego remueve.')).toBe(
      'Añade especias, y luego remueve.',
    );
    expect(shortenedForm('Use um casaco leve, por exemplo de lã.')).toBe('Use um casaco leve.');
    expect(shortenedForm('Ajoutez des épices, par exemple du cumin.')).toBe('Ajoutez des épices.');
    expect(shortenedForm('Fügen Sie Gewürze hinzu, zum Beispiel Kreuzkümmel.')).toBe(
      'Fügen Sie Gewürze hinzu.',
    );
    expect(shortenedForm('コーヒー豆（深煎り）を挽きます。')).toBe('コーヒー豆を挽きます。');
  });

  it('keeps a sentence whose aside is all of it, or that has none', () => {
    expect(shortenedForm('Like sea salt.')).toBe('Like sea salt.');
    expect(shortenedForm('For example, use a scale.')).toBe('For example, use a scale.');
    expect(shortenedForm('I like it.')).toBe('I like it.');
  });
});

describe('readScript', () => {
  it('reads numbered and bulleted lists, on their own lines or inline, item by item', () => {
    const kinds = (body: string) =>
      script(body).pieces.map((piece) => `${piece.kind}: ${piece.full}`);
    expect(kinds('Tips:\n1. Wear boots.\n2) Pack layers\n- Start early.')).toEqual([
      'sentence: Tips:',
      'item: Wear boots.',
      'item: Pack layers.',
      'item: Start early.',
    ]);
    expect(kinds('My rules: 1. Wear boots. 2. Pack layers. 3. Start early. Have fun!')).toEqual([
      'sentence: My rules:',
      'item: Wear boots.',
      'item: Pack layers.',
      'item: Start early.',
      'sentence: Have fun!',
    ]);
    // A line that opens with "1." and holds the whole list is that list, not one bullet: "2." and
    // "3." are never said. A bulleted line holding a list loses its bullet too.
    expect(kinds('1. Wear boots, always. 2. Pack layers. 3. Start early.')).toEqual([
      'item: Wear boots, always.',
      'item: Pack layers.',
      'item: Start early.',
    ]);
    expect(kinds('- My rules: 1. Wear boots. 2. Pack layers.')).toEqual([
      'sentence: My rules:',
      'item: Wear boots.',
      'item: Pack layers.',
    ]);
    // One numbered line is still one bullet.
    expect(kinds('1. Wear boots. Pack layers.')).toEqual(['item: Wear boots. Pack layers.']);
  });

  it('opens with the title, unless the first sentence says it, and closes with the call to action', () => {
    const pieces = script('Fresh bread every morning.', 'Bakery hours', 'Visit us at 7').pieces;
    expect(pieces.map((piece) => [piece.kind, piece.full])).toEqual([
      ['hook', 'Bakery hours.'],
      ['sentence', 'Fresh bread every morning.'],
      ['closing', 'Visit us at 7.'],
    ]);
    expect(script('Fresh bread every morning.', 'Fresh bread').pieces[0]?.kind).toBe('sentence');
    expect(script('東京の夜。', '東京').pieces[0]?.full).toBe('東京の夜。');
  });

  it('keeps directions for the pictures and never speaks them', () => {
    const read = script('A cosy café at dawn. Slow dolly-in, soft morning light.');
    expect(read.pieces.map((piece) => piece.full)).toEqual(['A cosy café at dawn.']);
    expect(read.lines).toEqual([
      { source: 'A cosy café at dawn.', piece: 0, group: 0 },
      { source: 'Slow dolly-in, soft morning light.', piece: null, group: 0 },
    ]);
  });
});

describe('speakLinks', () => {
  it('says addresses, emails and handles as words and keeps them as written', () => {
    expect(speakLinks('Order at emberandoak.example', null, '')).toEqual({
      spoken: 'Order at ember and oak dot example',
      links: [{ written: 'emberandoak.example', spoken: 'ember and oak dot example' }],
    });
    expect(speakLinks('See https://www.shop.example/spring-sale/.', null, '').spoken).toBe(
      'See shop dot example slash spring sale.',
    );
    expect(speakLinks('Mail hello@stridelab.example', null, 'Stride Lab').spoken).toBe(
      'Mail hello at Stride Lab dot example',
    );
    expect(speakLinks('Follow @emberoak!', null, 'Ember & Oak Roasters').spoken).toBe(
      'Follow at Ember Oak!',
    );
    expect(speakLinks('Visita emberandoak.example.', 'es', '').spoken).toBe(
      'Visita ember and oak punto example.',
    );
  });

  it('leaves numbers, abbreviations and ordinary words alone', () => {
    expect(speakLinks('Use e.g. 3.5 kg of flour, i.e. a lot.', null, '').links).toEqual([]);
    // A run-together name it cannot split is said as written.
    expect(speakLinks('islandandsea.example', null, '').spoken).toBe('islandandsea dot example');
  });
});

describe('guessLanguage', () => {
  it('tells the languages members write from their small words and scripts', () => {
    expect(guessLanguage('Start with the beans and grind them for your cup')).toBe('en');
    expect(guessLanguage('Pela las patatas y fríelas en una sartén con aceite')).toBe('es');
    expect(guessLanguage('Descasque as batatas e frite em fogo médio com a cebola')).toBe('pt');
    expect(guessLanguage('Épluchez les pommes de terre et coupez-les pour la poêle')).toBe('fr');
    expect(guessLanguage('Schälen Sie die Kartoffeln und braten Sie sie mit den Zwiebeln')).toBe(
      'de',
    );
    expect(guessLanguage('東京の夜')).toBe('ja');
    expect(guessLanguage('Qwerty')).toBeNull();
  });
});

describe('phrases', () => {
  it('knows a sentence’s end, a clause’s, a phrase’s and a comma between adjectives', () => {
    const boundaries = (text: string) =>
      tokensOf(text)
        .map((token) => `${token.word}:${token.after}`)
        .join(' ');
    expect(boundaries('Grind them, then bloom. Serve')).toBe(
      `Grind:${BOUNDARY.word} them:${BOUNDARY.clause} then:${BOUNDARY.dangling} bloom:${BOUNDARY.sentence} Serve:${BOUNDARY.sentence}`,
    );
    expect(boundaries('who love bright, fruity flavours with the crema')).toBe(
      `who:${BOUNDARY.dangling} love:${BOUNDARY.word} bright:${BOUNDARY.comma} fruity:${BOUNDARY.word} flavours:${BOUNDARY.phrase} with:${BOUNDARY.dangling} the:${BOUNDARY.dangling} crema:${BOUNDARY.sentence}`,
    );
  });

  it('never ends a phrase on "and", even before a preposition or a clause word', () => {
    const boundaries = (text: string) =>
      tokensOf(text)
        .map((token) => `${token.word}:${token.after}`)
        .join(' ');
    expect(boundaries('Ride in and over the hill')).toBe(
      `Ride:${BOUNDARY.phrase} in:${BOUNDARY.dangling} and:${BOUNDARY.dangling} over:${BOUNDARY.dangling} the:${BOUNDARY.dangling} hill:${BOUNDARY.sentence}`,
    );
    // "and then" still opens a clause before its "and".
    expect(boundaries('Stretch before and after runs, and then rest')).toBe(
      `Stretch:${BOUNDARY.clauseWord} before:${BOUNDARY.clauseWord} and:${BOUNDARY.dangling} after:${BOUNDARY.word} runs:${BOUNDARY.clause} and:${BOUNDARY.dangling} then:${BOUNDARY.dangling} rest:${BOUNDARY.sentence}`,
    );
  });

  it('cuts a phrase longer than a scene at its strongest boundary, never inside an address', () => {
    const text = 'Visit ember and oak dot example today';
    const at = text.indexOf('ember');
    const phrases = phrasesOf(text, 3, [[at, at + 'ember and oak dot example'.length]]);
    expect(phrases.map((phrase) => phrase.tokens.map((token) => token.word).join(' '))).toEqual([
      'Visit',
      'ember and oak dot example',
      'today',
    ]);
  });
});
