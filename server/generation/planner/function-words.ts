// The small words that mark where a phrase begins or that a phrase never ends on, in the languages
// members write most (English, Spanish, Portuguese, French, German, Italian): the planner cuts
// scenes and shots before a conjunction or a preposition, and never after an article.

const words = (text: string) => new Set(text.split(/\s+/u).filter(Boolean));

/**
 * Words that start a new clause: a cut just before one keeps both sides whole ("grind the
 * beans | then bloom them"). Plain "and"/"y"/"et" are left out: they join nouns as often as
 * clauses ("salt and pepper").
 */
export const CLAUSE_STARTERS = words(`
  then while but so until before after when because where whereas although though unless once
  luego después mientras pero hasta cuando porque donde aunque entonces
  depois enquanto mas até quando porque onde embora então
  puis ensuite pendant mais jusqu avant après quand parce où lorsque puisque
  dann danach während aber bis bevor nachdem wenn weil wo sobald obwohl
  poi mentre però finché prima dopo quando perché dove
`);

/** "and" in each language: "and then" cuts before the "and". */
export const AND_WORDS = words('and y e et und');

/**
 * Prepositions that open a phrase ("climbs the stairs | with a lantern"). Single letters and
 * "of"/"de" (which bind two nouns: "a cup of coffee") are left out.
 */
export const PHRASE_STARTERS = words(`
  with without in on at into onto from through across over under for by during near to toward towards
  con sin en por para sobre desde hacia entre bajo durante
  com sem em por para sobre desde até entre sob durante
  avec sans dans sur pour par depuis vers entre sous pendant chez
  mit ohne in auf für durch über unter zwischen nach vor bei seit gegen
  con senza in su per tra fra sotto durante verso
`);

/**
 * Words a phrase never ends on (articles, prepositions, conjunctions, possessives, auxiliaries):
 * "…with the." reads as if the voice was cut off.
 */
export const DANGLING_WORDS = words(`
  a an the and or but nor so yet to of in on at by for from with into onto over under through
  across as than then while if that which who whose whom its their our your my his her this these
  those is are was were be been being has have had do does did not no very
  el la los las un una unos unas y o de del al en con por para que se su sus mi tu muy sin
  o os as um uma uns umas e ou do da dos das no na nos nas em com seu sua meu minha sem
  le les l d un une des et ou du au aux à avec pour par qui se son sa ses mon ma très sans
  der die das den dem des ein eine einen einem einer und oder zu mit für von im auf an bei aus
  am zum zur beim vom ins ans aufs dass sich sein seine mein meine sehr ohne
  il lo gli di del della e con per che un uno una nel nella al alla dal sul
  ao à pelo pela num numa
`);

/** A word as the lists hold it: lower case, an elision ("l'", "jusqu'") cut off at its apostrophe. */
export function listForm(word: string): string {
  return word
    .toLowerCase()
    .replace(/[’']$/u, '')
    .replace(/^([\p{L}]+)[’'].*$/u, '$1');
}
