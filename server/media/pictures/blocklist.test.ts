// No path can show a blocklisted picture: the whole icon set is walked against the blocklist
// (from emojibase's own subgroups, not the set's), and every keyword of every emoji in every
// covered language is tried as a phrase. "Fuego medio" shows fire, never a middle finger.
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { BLOCKED_CODE_POINTS, BLOCKED_SUBGROUPS, blockedReason } from './blocklist';
import { type EmojibaseEntry, emojiHexKey, hexKey, pictureSet } from './picture-set';
import { chooseShotPictures, pictureByName, type ShotPick } from './pictures';
import { COVERED_LANGUAGES, keywordSource } from './words';

const require = createRequire(import.meta.url);
const chars = require('@iconify-json/fluent-emoji-flat/chars.json') as Record<string, string>;
const english = require('emojibase-data/en/data.json') as EmojibaseEntry[];
const groups = require('emojibase-data/meta/groups.json') as {
  subgroups: Record<string, string>;
};

/** Each emoji's subgroup straight from emojibase, skin tones included. */
const subgroupByHex = new Map<string, string>();
for (const entry of english) {
  const subgroup = groups.subgroups[String(entry.subgroup)] ?? '';
  for (const one of [entry, ...(entry.skins ?? [])])
    subgroupByHex.set(hexKey(one.hexcode), subgroup);
}
const blockedNames = new Set(
  Object.entries(chars)
    .filter(([hex]) => blockedReason(hex, (key) => subgroupByHex.get(key)) !== undefined)
    .map(([, name]) => name),
);

/** Names the issue lists, and their kin: each must be out of the set whatever the data says. */
const MUST_BE_OUT = [
  'middle-finger',
  'toilet',
  'roll-of-paper',
  'pile-of-poo',
  'water-pistol',
  'dagger',
  'kitchen-knife',
  'crossed-swords',
  'axe',
  'bow-and-arrow',
  'bomb',
  'firecracker',
  'syringe',
  'pill',
  'drop-of-blood',
  'cigarette',
  'coffin',
  'headstone',
  'funeral-urn',
  'microbe',
  'skull',
  'skull-and-crossbones',
  'flexed-biceps',
  'leg',
  'foot',
  'ear',
  'nose',
  'brain',
  'anatomical-heart',
  'lungs',
  'tooth',
  'bone',
  'eyes',
  'eye',
  'tongue',
  'mouth',
  'church',
  'mosque',
  'synagogue',
  'hindu-temple',
  'kaaba',
  'shinto-shrine',
  'prayer-beads',
  'chequered-flag',
  'triangular-flag',
  'crossed-flags',
  'white-flag',
  'black-flag',
  'rainbow-flag',
  'transgender-flag',
  'pirate-flag',
  'flag-in-hole',
  'face-with-medical-mask',
  'face-vomiting',
  'person-zombie',
];

const isBlocked = (pick: ShotPick | undefined) =>
  pick?.kind === 'picture' && (blockedNames.has(pick.name) || MUST_BE_OUT.includes(pick.name));

describe('the blocklist', () => {
  it('is written as code points and CLDR subgroups that exist', () => {
    const known = new Set(Object.values(groups.subgroups));
    expect([...BLOCKED_SUBGROUPS].filter((subgroup) => !known.has(subgroup))).toEqual([]);
    const codePoints = new Set(
      english.flatMap((entry) =>
        hexKey(entry.hexcode)
          .split('-')
          .map((hex) => Number.parseInt(hex, 16)),
      ),
    );
    expect([...BLOCKED_CODE_POINTS.keys()].filter((cp) => !codePoints.has(cp))).toEqual([]);
  });

  it('keeps every blocklisted icon of the whole set out of the pictures that can be chosen', () => {
    const { docs, docByName, blocked } = pictureSet();
    expect(blockedNames.size).toBeGreaterThan(90);
    for (const name of MUST_BE_OUT) expect(blockedNames.has(name) || !(name in chars)).toBe(true);
    expect(docs.filter((doc) => blockedNames.has(doc.name)).map((doc) => doc.name)).toEqual([]);
    for (const name of [...blockedNames, ...MUST_BE_OUT]) {
      expect(docByName.has(name)).toBe(false);
      expect(pictureByName(name)).toBeUndefined();
    }
    // Skin-tone variants are never pictures of their own either.
    expect(docs.some((doc) => /(^|-)1f3f[b-f]($|-)/.test(doc.hexKey))).toBe(false);
    expect(blocked.get('middle-finger')).toBe('insult');
  });

  it('lets "fuego medio", "fogo médio" and "roll your shoulders" show fire or words, never a finger or a toilet roll', () => {
    const cases: [string, string | null][] = [
      ['a fuego medio', 'es-ES'],
      ['Fríe las patatas a fuego medio', 'es-MX'],
      ['fuego medio', null],
      ['Cozinhe em fogo médio', 'pt-BR'],
      ['fogo médio', null],
      ['Roll your shoulders', 'en-US'],
      ['roll your shoulders', null],
    ];
    for (const [phrase, language] of cases) {
      for (const title of ['', phrase, 'Tortilla española']) {
        const [pick] = chooseShotPictures([phrase], { language, title });
        expect(isBlocked(pick)).toBe(false);
        expect(pick?.kind === 'picture' ? pick.name : 'typographic').not.toMatch(
          /middle-finger|roll-of-paper|toilet/,
        );
      }
    }
    for (const language of ['es', 'es-ES', 'pt', 'pt-BR']) {
      const [fire] = chooseShotPictures(
        [language.startsWith('es') ? 'a fuego medio' : 'em fogo médio'],
        {
          language,
          title: '',
        },
      );
      expect(fire).toMatchObject({ kind: 'picture', name: 'fire' });
    }
  });

  it('is reached by no keyword of any emoji in any covered language, blocklisted ones included', () => {
    for (const language of COVERED_LANGUAGES) {
      const source = keywordSource(language);
      expect(source).toBeDefined();
      const phrases = new Set<string>();
      if (source?.kind === 'emojibase') {
        const entries = require(`emojibase-data/${source.locale}/data.json`) as EmojibaseEntry[];
        for (const entry of entries)
          for (const text of [entry.label, ...(entry.tags ?? [])]) phrases.add(text);
      } else if (source) {
        const file = require(
          `cldr-annotations-full/annotations/${source.locale}/annotations.json`,
        ) as {
          annotations: { annotations: Record<string, { default?: string[]; tts?: string[] }> };
        };
        for (const [emoji, { default: tags = [], tts = [] }] of Object.entries(
          file.annotations.annotations,
        )) {
          expect(emojiHexKey(emoji)).toMatch(/^[0-9a-f]{4,}/);
          for (const text of [...tts, ...tags]) phrases.add(text);
        }
      }
      expect(phrases.size).toBeGreaterThan(1000);
      // In videos of 16 shots, as the renderer asks, each with a title from the same words.
      const all = [...phrases];
      const reached: string[] = [];
      for (let start = 0; start < all.length; start += 16) {
        const shots = all.slice(start, start + 16);
        const picks = chooseShotPictures(shots, { language, title: shots[0] ?? '' });
        picks.forEach((pick, index) => {
          if (isBlocked(pick))
            reached.push(
              `${language} "${shots[index]}" → ${pick.kind === 'picture' ? pick.name : ''}`,
            );
        });
      }
      expect(reached).toEqual([]);
    }
  }, 120_000);
});
