// Which words sit inside a comparison or an example, per language: the clause after "like",
// "como", "comme"; the words before "gibi" or "처럼"; never "how" ("Cómo hacer pan"), the verb
// "like" ("I like pizza"), or a clause after the comparison's own.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { comparedWords } from './comparisons';
import { splitWords } from './words';

const compared = (text: string, language: string) => {
  const words = splitWords(text, language);
  const positions = comparedWords(words, language);
  return words.filter((_, position) => positions.has(position)).map((word) => word.surface);
};

describe('comparedWords', () => {
  it('marks the rest of the clause after a comparison or an example', () => {
    expect(compared('and grind them medium-fine, like sea salt.', 'en')).toEqual([
      'like',
      'sea',
      'salt',
    ]);
    expect(compared('Fruit such as apples, then cream', 'en')).toEqual(['such', 'as', 'apples']);
    expect(compared('as fine as sea salt', 'en')).toEqual(['as', 'fine', 'as', 'sea', 'salt']);
    expect(compared('Sirve con limón, como en Valencia.', 'es')).toEqual([
      'como',
      'en',
      'Valencia',
    ]);
    expect(compared('más suave que la seda', 'es')).toEqual(['que', 'la', 'seda']);
    expect(compared('doux comme du miel', 'fr')).toEqual(['comme', 'du', 'miel']);
    expect(compared('so weich wie Butter', 'de')).toEqual(['wie', 'Butter']);
    expect(compared('Süßer als Honig', 'de')).toEqual(['als', 'Honig']);
    expect(compared('Fruit, zum Beispiel Äpfel', 'de')).toEqual(['zum', 'Beispiel', 'Äpfel']);
    expect(compared('zo zacht als boter', 'nl')).toEqual(['zo', 'zacht', 'als', 'boter']);
    expect(compared('na przykład jabłka', 'pl')).toEqual(['na', 'przykład', 'jabłka']);
  });

  it('marks the words before a postposition, up to two', () => {
    expect(compared('Kahveyi deniz tuzu gibi ince öğütün', 'tr')).toEqual(['deniz', 'tuzu']);
    expect(compared('소금처럼 곱게', 'ko')).toEqual(['소금처럼']);
    expect(compared('नमक की तरह बारीक', 'hi')).toEqual(['नमक']);
  });

  it('leaves "how", the verb "like" and plain "as" alone', () => {
    expect(compared('Cómo hacer pan', 'es')).toEqual([]);
    expect(compared('Como fazer pão caseiro', 'pt')).toEqual([]);
    expect(compared('Come fare la pizza', 'it')).toEqual([]);
    expect(compared('Jak zrobić pizzę', 'pl')).toEqual([]);
    expect(compared('Lerne, wie man Brot backt', 'de')).toEqual([]);
    expect(compared('Kids like pizza, I like pasta', 'en')).toEqual([]);
    expect(compared('Drink water as you go', 'en')).toEqual([]);
    expect(compared('Speichern Sie Nummern als Favoriten', 'de')).toEqual([]);
    expect(compared('Meng het water, dan de suiker', 'nl')).toEqual([]);
  });

  it('answers positions inside the phrase, for any words', () => {
    const token = fc.constantFrom('like', 'as', 'than', 'como', 'gibi', 'wie', '처럼', 'salt', ',');
    fc.assert(
      fc.property(
        fc.array(token, { maxLength: 60 }),
        fc.constantFrom('en', 'es', 'tr', 'de', 'ko'),
        (tokens, language) => {
          const words = splitWords(tokens.join(' '), language);
          for (const position of comparedWords(words, language)) {
            expect(position).toBeGreaterThanOrEqual(0);
            expect(position).toBeLessThan(words.length);
          }
        },
      ),
    );
  });
});
