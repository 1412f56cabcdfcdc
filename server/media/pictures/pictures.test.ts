// The per-scene entry point older renderers call, and pictures by name, on the real Fluent Emoji
// and CLDR data: fitting pictures, never a general one, and only pictures the set may show.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SUBJECT_ALIASES, WEAK_ALIASES } from './aliases';
import { EVERYDAY_WORDS } from './everyday-words';
import { type EmojibaseEntry, pictureSet } from './picture-set';
import { choosePictures, type Picture, pictureByName } from './pictures';
import { keywordSource } from './words';

const require = createRequire(import.meta.url);
const iconSet = JSON.parse(
  readFileSync(require.resolve('@iconify-json/fluent-emoji-flat/icons.json'), 'utf8'),
) as { icons: Record<string, { body: string }> };

const names = (pictures: Picture[]) => pictures.map(({ name }) => name);
const pick = (text: string) => choosePictures([text])[0];

function expectStandaloneSvg(svg: string) {
  expect(svg).toMatch(
    /^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" width="\d+" height="\d+" viewBox="0 0 \d+ \d+">.*<\/svg>$/s,
  );
}

describe('choosePictures (one picture per scene, for renderers not cut into shots yet)', () => {
  it('pictures the subjects of everyday scenes', () => {
    const boat = pick('Fishing boats slip out of the harbour at dawn');
    expect(['motor-boat', 'sailboat', 'ship', 'speedboat', 'canoe']).toContain(boat?.name);
    expect(boat?.matched).toContain('boats');

    const coffee = pick('A barista pours a glossy espresso into a white mug');
    expect(coffee?.name).toBe('hot-beverage');

    expect(['cityscape', 'cityscape-at-dusk']).toContain(
      pick('Morning light over the city skyline')?.name,
    );
    expect(['bread', 'croissant']).toContain(
      pick('Fresh bread and croissants cool in the bakery window')?.name,
    );
    expect(pick('A robot assembles cars in a factory')?.name).toBe('robot');
  });

  it('gives the four seasons four different, fitting pictures', () => {
    const [spring, summer, autumn, winter] = names(
      choosePictures([
        'Spring blossoms open on the trees',
        'Summer sun on the beach',
        'Autumn leaves fall',
        'Winter snow covers the village',
      ]),
    );
    expect(['cherry-blossom', 'blossom', 'tulip']).toContain(spring);
    expect(['sun', 'beach-with-umbrella', 'sun-with-face']).toContain(summer);
    expect(['fallen-leaf', 'maple-leaf', 'leaf-fluttering-in-wind']).toContain(autumn);
    expect(['snowflake', 'snowman', 'snowman-without-snow']).toContain(winter);
    expect(new Set([spring, summer, autumn, winter]).size).toBe(4);
  });

  it('prefers the gender-neutral picture unless the scene names a man or a woman', () => {
    expect(pick('A developer writes code late into the evening')?.name).toBe('technologist');
    expect(pick('A woman runs along the beach')?.name).toMatch(/^woman/);
  });

  it('reads the scenes in their own language', () => {
    expect(pick('Le soleil se lève sur la mer')?.name).toMatch(/sun|sunrise|water-wave/);
    expect(['hot-beverage', 'teacup-without-handle']).toContain(
      pick('Una taza de café por la mañana')?.name,
    );
  });

  it('shows no general picture where nothing is named: an empty one, never a random icon', () => {
    const pictures = choosePictures(['Qwzx vrrk', 'And then, again.']);
    for (const picture of pictures) {
      expect(picture).toEqual({ name: '', svg: expect.any(String), matched: [] });
      expectStandaloneSvg(picture.svg);
    }
  });

  it('answers for no texts, empty texts and texts of nothing but punctuation', () => {
    expect(choosePictures([])).toEqual([]);
    expect(choosePictures(['', '   ', '!!! ???', '…'])).toHaveLength(4);
  });

  it('never throws, and always answers one standalone SVG per text', () => {
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
      }),
      { numRuns: 200 },
    );
  });
});

describe('the curated lists', () => {
  it('name only pictures the set may show', () => {
    const { docByName } = pictureSet();
    const listed = [SUBJECT_ALIASES, WEAK_ALIASES].flatMap((byLanguage) =>
      Object.values(byLanguage).flatMap((aliases) => Object.values(aliases).flat()),
    );
    expect(listed.length).toBeGreaterThan(300);
    expect([...new Set(listed)].filter((name) => !docByName.has(name))).toEqual([]);
  });

  it('keep the things CLDR names in one word out of the everyday words', () => {
    // An everyday word is dropped from CLDR's labels too: listing "sal" (dash) would leave the
    // salt shaker nameless. Homographs listed on purpose, each a verb or adjective far more
    // often than the thing: "pick", "watch", "repetir", "busca", "dente" (al dente), "koyun"
    // (put!), "새" (new), "加", "好吃", "一点", "تنس" (forget).
    const reviewed = new Set('pick watch repetir busca dente koyun 새 加 好吃 一点 تنس'.split(' '));
    const clashes = Object.entries(EVERYDAY_WORDS).flatMap(([language, listed]) => {
      const source = keywordSource(language);
      let labels: string[] = [];
      if (source?.kind === 'emojibase') {
        const file = `emojibase-data/${source.locale}/data.json`;
        labels = (require(file) as EmojibaseEntry[]).map((entry) => entry.label);
      } else if (source?.kind === 'cldr') {
        const file = `cldr-annotations-full/annotations/${source.locale}/annotations.json`;
        const { annotations } = (
          require(file) as { annotations: { annotations: Record<string, { tts?: string[] }> } }
        ).annotations;
        labels = Object.values(annotations).flatMap((annotation) => annotation.tts ?? []);
      }
      const oneWord = new Set(
        labels.map((label) => label.toLocaleLowerCase(language)).filter((l) => !/\s/.test(l)),
      );
      return listed
        .map((word) => word.replace(/^=/, '').toLocaleLowerCase(language))
        .filter((word) => oneWord.has(word) && !reviewed.has(word))
        .map((word) => `${language}:${word}`);
    });
    expect(clashes).toEqual([]);
  });

  it('have English alias words the matcher reads as they are written', () => {
    const unread = Object.keys(SUBJECT_ALIASES.en ?? {}).filter(
      (word) => !pick(`Look: ${word}.`)?.matched.includes(word),
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
    expect(pictureByName('middle-finger')).toBeUndefined();
  });
});
