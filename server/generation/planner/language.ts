// A rough guess at the language a member wrote in, from its script and its commonest small words:
// enough to say "dot" or "punto" in a spoken address, and to tell a translated narration from the
// member's own words. Not a language identifier: short or mixed text gives null.

const COMMON_WORDS: Record<string, ReadonlySet<string>> = Object.fromEntries(
  Object.entries({
    en: 'the and of to is for with on you your it this that are at be from a an in our we',
    es: 'el la los las del que y en un una con por para es su al lo como más se tu nuestro',
    pt: 'o os as do da dos das que e em um uma com por para não no na ao é seu sua você',
    fr: 'le la les des du et en un une est pour que qui dans sur avec au ce pas vous votre nous',
    de: 'der die das und ist nicht ein eine mit für auf den dem des zu im von sie es ihr wir',
    it: 'il lo gli di del che e un una per con non è della sono le la nel ai tuo',
    nl: 'de het een en van is op met voor niet dat die te zijn je we ons',
  }).map(([language, words]) => [language, new Set(words.split(' '))]),
);

const KANA = /[\p{Script=Hiragana}\p{Script=Katakana}]/u;
const HANGUL = /\p{Script=Hangul}/u;
const HAN = /\p{Script=Han}/u;

/** The primary subtag of a BCP 47 tag ('pt-BR' → 'pt'); null for nothing. */
export function primaryLanguage(tag: string | null | undefined): string | null {
  const primary = tag?.trim().split(/[-_]/u)[0]?.toLowerCase();
  return primary ? primary : null;
}

/** 'en', 'es', 'pt', 'fr', 'de', 'it', 'nl', 'ja', 'ko' or 'zh' when the text says so, else null. */
export function guessLanguage(text: string): string | null {
  if (KANA.test(text)) return 'ja';
  if (HANGUL.test(text)) return 'ko';
  if (HAN.test(text)) return 'zh';
  const words = text.toLowerCase().match(/[\p{L}]+/gu) ?? [];
  let best: { language: string; hits: number } | null = null;
  let tie = false;
  for (const [language, common] of Object.entries(COMMON_WORDS)) {
    let hits = 0;
    // Bounded: a description is at most 1500 characters; the first 400 words decide.
    for (const word of words.slice(0, 400)) if (common.has(word)) hits += 1;
    if (!best || hits > best.hits) {
      best = { language, hits };
      tie = false;
    } else if (hits === best.hits) {
      tie = true;
    }
  }
  return best && best.hits >= 2 && !tie ? best.language : null;
}
