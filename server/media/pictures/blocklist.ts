// The pictures no video may show, whatever its words: written as Unicode code points and CLDR
// subgroups (emojibase's names), so that a whole family goes at once and a new emoji of it too.

/**
 * Whole CLDR subgroups. An emoji is out when its own subgroup is listed, and so is any sequence
 * built on one of their emoji (👁️‍🗨️ holds an eye; ❤️‍🩹 holds a bandage).
 */
export const BLOCKED_SUBGROUPS: ReadonlySet<string> = new Set([
  // Body parts beyond hands and faces: 💪 🦵 🦶 👂 👃 🧠 🫀 🫁 🦷 🦴 👀 👁️ 👅 👄 🫦
  'body-parts',
  // Religious symbols and places: ✝️ ☪️ 🕉️ ✡️ ☯️ 🛐 ☮️ … and ⛪ 🕌 🛕 🕍 ⛩️ 🕋
  'religion',
  'place-religious',
  // Every flag: 🏁 🚩 🎌 🏴 🏳️ 🏳️‍🌈 🏴‍☠️ and every country's and region's
  'flag',
  'country-flag',
  'subdivision-flag',
  // Blood, syringes, pills and the rest of the medicine cabinet: 💉 🩸 💊 🩹 🩼 🩺 🩻
  'medical',
]);

/**
 * Single code points, also inside any sequence (and with any skin tone). Grouped by why; the
 * subgroups above already hold most religious symbols, flags and body parts.
 */
export const BLOCKED_CODE_POINTS: ReadonlyMap<number, string> = new Map([
  // Insulting gestures and cursing
  [0x1f595, 'insult'], // 🖕 middle finger
  [0x1f92c, 'insult'], // 🤬 face with symbols on mouth
  // Toilets and what goes with them
  [0x1f6bd, 'toilet'], // 🚽 toilet
  [0x1f9fb, 'toilet'], // 🧻 roll of paper
  [0x1faa0, 'toilet'], // 🪠 plunger
  [0x1f4a9, 'toilet'], // 💩 pile of poo
  [0x1f6be, 'toilet'], // 🚾 water closet
  [0x1f6bb, 'toilet'], // 🚻 restroom
  [0x1f6b9, 'toilet'], // 🚹 men's room
  [0x1f6ba, 'toilet'], // 🚺 women's room
  // Weapons, explosives and the military
  [0x1f52b, 'weapon'], // 🔫 pistol
  [0x1f5e1, 'weapon'], // 🗡️ dagger
  [0x1f52a, 'weapon'], // 🔪 kitchen knife
  [0x2694, 'weapon'], // ⚔️ crossed swords
  [0x1fa93, 'weapon'], // 🪓 axe
  [0x1f3f9, 'weapon'], // 🏹 bow and arrow
  [0x1f4a3, 'weapon'], // 💣 bomb
  [0x1f9e8, 'weapon'], // 🧨 firecracker
  [0x1f6e1, 'weapon'], // 🛡️ shield
  [0x1f93a, 'weapon'], // 🤺 person fencing
  [0x1fa96, 'weapon'], // 🪖 military helmet
  [0x1f396, 'weapon'], // 🎖️ military medal
  // Drugs and blood (the syringe, pill and drop of blood are in the 'medical' subgroup too)
  [0x1f489, 'drug'], // 💉 syringe
  [0x1f48a, 'drug'], // 💊 pill
  [0x1fa78, 'drug'], // 🩸 drop of blood
  [0x1f6ac, 'drug'], // 🚬 cigarette
  // Death and disease
  [0x26b0, 'death'], // ⚰️ coffin
  [0x1faa6, 'death'], // 🪦 headstone
  [0x26b1, 'death'], // ⚱️ funeral urn
  [0x1f480, 'death'], // 💀 skull
  [0x2620, 'death'], // ☠️ skull and crossbones
  [0x1f9df, 'death'], // 🧟 zombie
  [0x1f9a0, 'disease'], // 🦠 microbe
  [0x1f637, 'disease'], // 😷 face with medical mask
  [0x1f912, 'disease'], // 🤒 face with thermometer
  [0x1f915, 'disease'], // 🤕 face with head-bandage
  [0x1f922, 'disease'], // 🤢 nauseated face
  [0x1f92e, 'disease'], // 🤮 face vomiting
  [0x1f927, 'disease'], // 🤧 sneezing face
  // Religious and political objects outside the 'religion' subgroup, and flags outside 'flag'
  [0x1f4ff, 'religion'], // 📿 prayer beads
  [0x1faac, 'religion'], // 🪬 hamsa
  [0x1f9ff, 'religion'], // 🧿 nazar amulet
  [0x1f5f3, 'politics'], // 🗳️ ballot box with ballot
  [0x26f3, 'flag'], // ⛳ flag in hole
  [0x1f4ea, 'flag'], // 📪 closed mailbox with lowered flag
  [0x1f4eb, 'flag'], // 📫 closed mailbox with raised flag
  [0x1f4ec, 'flag'], // 📬 open mailbox with raised flag
  [0x1f4ed, 'flag'], // 📭 open mailbox with lowered flag
]);

/** Skin tones, the zero-width joiner and variation selectors: parts of a sequence, not emoji. */
const isModifier = (codePoint: number) =>
  (codePoint >= 0x1f3fb && codePoint <= 0x1f3ff) ||
  codePoint === 0x200d ||
  codePoint === 0xfe0f ||
  codePoint === 0xfe0e;

/** The code points of a normalised hexcode (`1f468-200d-1f4bb`). */
export function codePointsOf(hexKey: string): number[] {
  return hexKey
    .split('-')
    .map((part) => Number.parseInt(part, 16))
    .filter((codePoint) => Number.isFinite(codePoint));
}

/**
 * Why an emoji may never be shown, or undefined when it may. `subgroupOf` answers the CLDR
 * subgroup of a single emoji's normalised hexcode (from emojibase), for the emoji and its parts.
 */
export function blockedReason(
  hexKey: string,
  subgroupOf: (hexKey: string) => string | undefined,
): string | undefined {
  const own = subgroupOf(hexKey);
  if (own !== undefined && BLOCKED_SUBGROUPS.has(own)) return own;
  for (const codePoint of codePointsOf(hexKey)) {
    if (isModifier(codePoint)) continue;
    const reason = BLOCKED_CODE_POINTS.get(codePoint);
    if (reason) return reason;
    const part = subgroupOf(codePoint.toString(16).padStart(4, '0'));
    if (part !== undefined && BLOCKED_SUBGROUPS.has(part)) return part;
  }
  return undefined;
}

/**
 * The same families as words, for what other services describe in text (a stock clip's tags or
 * alt text): an asset described with any of them is never used. English, as both services tag in
 * English whatever the search's language; whole words, plurals included.
 */
export const BLOCKED_WORDS: ReadonlySet<string> = new Set(
  [
    // insults and cursing
    'middle finger',
    'obscene',
    'swearing',
    // toilets
    'toilet',
    'toilets',
    'toilet paper',
    'restroom',
    'lavatory',
    'urinal',
    'poop',
    'feces',
    // weapons, explosives, the military
    'gun',
    'guns',
    'pistol',
    'rifle',
    'firearm',
    'weapon',
    'weapons',
    'dagger',
    'sword',
    'bomb',
    'explosion',
    'grenade',
    'ammunition',
    'bullet',
    'bullets',
    'soldier',
    'soldiers',
    'army',
    'military',
    'war',

    // drugs and blood
    'drug',
    'drugs',
    'syringe',

    'injection',
    'pill',
    'pills',
    'cocaine',
    'heroin',
    'marijuana',
    'cannabis',
    'cigarette',
    'cigarettes',
    'smoking',
    'blood',
    'bloody',
    'wound',
    // death and disease
    'death',
    'dead',
    'corpse',
    'coffin',
    'grave',
    'graveyard',
    'cemetery',
    'funeral',
    'skull',
    'zombie',
    'virus',
    'disease',
    'sick',
    'vomit',
    'covid',
    'pandemic',
    // religion and politics, flags
    'religion',
    'religious',
    'church',
    'mosque',
    'temple',
    'synagogue',

    'crucifix',
    'prayer',
    'bible',
    'quran',
    'politics',
    'political',
    'election',
    'protest',
    'flag',
    'flags',
    // what no brand video shows
    'nude',
    'naked',
    'sexy',
    'erotic',
    'lingerie',
    'bikini',
  ].map((word) => word.toLowerCase()),
);

/** The blocked word `text` (tags, alt text) contains, or undefined; matched as whole words. */
export function blockedWordIn(text: string): string | undefined {
  const words = text
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
  for (let index = 0; index < words.length; index++) {
    const one = words[index] as string;
    if (BLOCKED_WORDS.has(one)) return one;
    const two = `${one} ${words[index + 1] ?? ''}`;
    if (BLOCKED_WORDS.has(two)) return two;
  }
  return undefined;
}
