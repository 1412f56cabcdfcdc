// Scene texts choose fitting pictures from the real Fluent Emoji and emojilib data: everyday
// subjects, a different picture for each different text, general pictures when nothing matches,
// and an answer for any string at all.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { FALLBACK_PICTURES, SUBJECT_ALIASES } from './aliases';
import { choosePictures, type Picture, pictureByName } from './pictures';

const require = createRequire(import.meta.url);
const iconSet = JSON.parse(
  readFileSync(require.resolve('@iconify-json/fluent-emoji-flat/icons.json'), 'utf8'),
) as { icons: Record<string, { body: string }> };
const categories = (
  JSON.parse(
    readFileSync(require.resolve('@iconify-json/fluent-emoji-flat/metadata.json'), 'utf8'),
  ) as { categories: Record<string, string[]> }
).categories;
const notPictures = new Set([...(categories.Flags ?? []), ...(categories.Symbols ?? [])]);

const names = (pictures: Picture[]) => pictures.map(({ name }) => name);
const pick = (text: string) => choosePictures([text])[0];

function expectStandaloneSvg(svg: string) {
  expect(svg).toMatch(
    /^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" width="\d+" height="\d+" viewBox="0 0 \d+ \d+">.+<\/svg>$/s,
  );
}

describe('the index', () => {
  // Runs first in this file, so it pays for reading and indexing the packages once.
  it('builds once per thread, then chooses a 4-scene video in a few milliseconds', () => {
    const scenes = [
      'Fishing boats slip out of the harbour at dawn',
      'A barista pours a glossy espresso into a white mug',
      'The old lighthouse blinks over a stormy sea',
      'Commuters hurry through the busy city streets at night',
    ];
    let started = performance.now();
    choosePictures(scenes);
    const firstCall = performance.now() - started;
    started = performance.now();
    const runs = 20;
    for (let run = 0; run < runs; run++) choosePictures(scenes);
    const perVideo = (performance.now() - started) / runs;
    // Measured on the 2-core dev box: about 120 ms first, under 1 ms after.
    expect(firstCall).toBeLessThan(5_000);
    expect(perVideo).toBeLessThan(50);
  });
});

describe('choosePictures', () => {
  it('pictures the subjects of everyday scenes', () => {
    const boat = pick('Fishing boats slip out of the harbour at dawn');
    expect([
      'motor-boat',
      'sailboat',
      'ship',
      'person-rowing-boat',
      'speedboat',
      'canoe',
    ]).toContain(boat?.name);
    expect(boat?.matched).toContain('boat');

    const coffee = pick('A barista pours a glossy espresso into a white mug');
    expect(coffee?.name).toBe('hot-beverage');
    expect(coffee?.matched).toEqual(expect.arrayContaining(['barista', 'espresso', 'mug']));

    expect(['cityscape', 'cityscape-at-dusk']).toContain(
      pick('Morning light over the city skyline')?.name,
    );
    expect(pick('Fresh bread and croissants cool in the bakery window')?.name).toBe('croissant');
    expect(pick('A robot assembles cars in a factory')?.name).toBe('robot');
    expect(['snowman', 'snowman-without-snow']).toContain(
      pick('Children build a snowman on a snowy winter morning')?.name,
    );
  });

  it('gives the four seasons four different, fitting pictures', () => {
    const seasons = choosePictures([
      'Spring blossoms open on the trees',
      'Summer sun on the beach',
      'Autumn leaves fall',
      'Winter snow covers the village',
    ]);
    const [spring, summer, autumn, winter] = names(seasons);
    expect(spring).toBe('cherry-blossom');
    expect(['sun', 'beach-with-umbrella', 'sun-with-face']).toContain(summer);
    expect(['fallen-leaf', 'maple-leaf']).toContain(autumn);
    expect(['snowflake', 'snowman', 'snowman-without-snow']).toContain(winter);
    expect(new Set(names(seasons)).size).toBe(4);
  });

  it('prefers the gender-neutral picture unless the scene names a man or a woman', () => {
    expect(pick('A developer types code on a laptop late into the evening')?.name).toBe(
      'technologist',
    );
    expect(pick('A cyclist races down a mountain road in the summer sun')?.name).toBe(
      'person-mountain-biking',
    );
    expect(pick('A woman runs along the beach')?.name).toBe('woman-running');
  });

  it('reads past case, plurals, accents, apostrophes and adjectives ending in -y', () => {
    expect(pick('STORMY weather')?.matched).toContain('storm');
    expect(pick("The café's terrace")?.name).toBe('hot-beverage');
    expect(pick('Two puppies')?.matched).toContain('puppy');
    expect(pick('Wolves howl')?.matched).toContain('wolf');
  });

  it('gives different texts different pictures, even when they all ask for the same one', () => {
    const coffeeVideo = choosePictures([
      'Coffee',
      'More coffee, please',
      'Coffee again',
      'A coffee for the road',
      'Coffee at sunset',
      'Coffee at midnight',
    ]);
    expect(new Set(names(coffeeVideo)).size).toBe(6);
    expect(coffeeVideo[0]?.name).toBe('hot-beverage');
  });

  it('lets a scene that can only be one picture keep it when an earlier scene liked it too', () => {
    // "Espresso" is the second scene's only subject; the first scene has another fitting picture.
    const [first, second] = names(
      choosePictures(['Morning coffee on the balcony at sunrise', 'Espresso']),
    );
    expect(second).toBe('hot-beverage');
    expect(first).not.toBe('hot-beverage');
  });

  it('shows identical texts with the same picture, in the order given', () => {
    const pictures = choosePictures(['A sailboat', 'A red apple', 'A sailboat']);
    expect(pictures).toHaveLength(3);
    expect(pictures[0]?.name).toBe('sailboat');
    expect(pictures[2]).toEqual(pictures[0]);
    expect(pictures[1]?.name).not.toBe('sailboat');
  });

  it('falls back to general pictures, different per scene and the same on every run', () => {
    const texts = ['Le soleil se lève sur la mer', '東京の夜景', 'مرحبا بالعالم', 'Qwzx vrrk'];
    const pictures = choosePictures(texts);
    for (const picture of pictures) {
      expect(FALLBACK_PICTURES).toContain(picture.name);
      expect(picture.matched).toEqual([]);
      expectStandaloneSvg(picture.svg);
    }
    expect(new Set(names(pictures)).size).toBe(4);
    expect(names(choosePictures(texts))).toEqual(names(pictures));
  });

  it('keeps fallbacks apart from matched pictures and from each other past the fallback list', () => {
    const gibberish = Array.from({ length: FALLBACK_PICTURES.length + 10 }, (_, n) => `zq${n}x`);
    const pictures = choosePictures(['Sparkles and a framed picture', ...gibberish]);
    expect(new Set(names(pictures)).size).toBe(pictures.length);
  });

  it('answers for no texts, empty texts and texts of nothing but punctuation', () => {
    expect(choosePictures([])).toEqual([]);
    const pictures = choosePictures(['', '   ', '!!! ???', '…']);
    expect(pictures).toHaveLength(4);
    expect(new Set(names(pictures)).size).toBe(4);
  });

  it('reads only the start of a very long text, quickly', () => {
    const long = `A sailboat ${'and more words '.repeat(200_000)}`;
    const started = performance.now();
    const [picture] = choosePictures([long, 'x'.repeat(10_000), '🚀'.repeat(5_000)]);
    expect(performance.now() - started).toBeLessThan(200);
    expect(picture?.name).toBe('sailboat');
  });

  it('never throws, and always answers one valid picture per text, distinct per distinct text', () => {
    const sceneText = fc.oneof(
      fc.string({ unit: 'binary', maxLength: 200 }),
      fc.string({ unit: 'grapheme', maxLength: 200 }),
      fc.lorem({ maxCount: 12 }),
      fc.constantFrom('Summer sun on the beach', 'Coffee', '', 'ليلة هادئة في المدينة'),
    );
    fc.assert(
      fc.property(fc.array(sceneText, { maxLength: 8 }), (texts) => {
        const pictures = choosePictures(texts);
        expect(pictures).toHaveLength(texts.length);
        for (const picture of pictures) expectStandaloneSvg(picture.svg);
        const nameOfText = new Map<string, string>();
        pictures.forEach((picture, index) => {
          const text = texts[index] ?? '';
          expect(nameOfText.get(text) ?? picture.name).toBe(picture.name);
          nameOfText.set(text, picture.name);
        });
        expect(new Set(nameOfText.values()).size).toBe(nameOfText.size);
      }),
      { numRuns: 300 },
    );
  });
});

describe('the curated lists', () => {
  it('name only pictures the set draws, none of them a flag or a symbol', () => {
    const listed = [...Object.values(SUBJECT_ALIASES).flat(), ...FALLBACK_PICTURES];
    const missing = listed.filter((name) => !iconSet.icons[name] || notPictures.has(name));
    expect(missing).toEqual([]);
  });

  it('have alias words the matcher reads as they are written', () => {
    const unread = Object.keys(SUBJECT_ALIASES).filter(
      (word) => !pick(`${word}`)?.matched.includes(word),
    );
    expect(unread).toEqual([]);
  });
});

describe('pictureByName', () => {
  it('draws a flipped alias as its parent, mirrored', () => {
    const right = pictureByName('backhand-index-pointing-right');
    const left = pictureByName('backhand-index-pointing-left');
    expect(right?.svg).toContain('<g transform="translate(32 0) scale(-1 1)">');
    expect(right?.svg).toContain(iconSet.icons['backhand-index-pointing-left']?.body);
    expect(left?.svg).not.toContain('scale(-1 1)');
    expectStandaloneSvg(right?.svg ?? '');
  });

  it('keeps an icon of its own size in its own box, and knows no other names', () => {
    expect(pictureByName('swan')?.svg).toContain('width="32" height="33" viewBox="0 0 32 33"');
    expect(pictureByName('flag-for-nowhere')).toBeUndefined();
    expect(pictureByName('keycap-5')).toBeUndefined();
  });
});
