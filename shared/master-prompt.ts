// Master prompts of Creator Engine jobs (spec/product.md §5 "Job form"): item lists declared as
// `{Item List Name: a, b, "c, d"}` are taken out of the text, and each `{Item List Name}` is
// replaced by the item at the job's rotation index. Lists shorter than the longest cycle; the
// index wraps to 1 after the longest. The `aspect_ratio` and `watermark` values written in the
// prompt follow the form's choices. Pure, so the form can preview exactly what a run will send.

export type ItemList = { name: string; items: string[] };

/** A list name: a letter, then letters, digits, spaces, '-' or '_' (so JSON keys never match). */
const NAME = String.raw`[\p{L}][\p{L}\p{N} _-]{0,79}`;
const DECLARATION_START = new RegExp(String.raw`^\{\s*(${NAME}?)\s*:`, 'u');
const PLACEHOLDER = new RegExp(String.raw`\{\s*(${NAME}?)\s*\}`, 'gu');

const keyOf = (name: string) => name.trim().replace(/\s+/g, ' ').toLowerCase();

/** Splits a declaration's body on commas outside quotes; quotes around an item are dropped. */
function splitItems(body: string): string[] {
  const items: string[] = [];
  let current = '';
  let quote: string | null = null;
  let quoted = false;
  const finish = () => {
    const item = quoted ? current : current.trim();
    if (item !== '' || quoted) items.push(item);
    current = '';
    quoted = false;
  };
  for (const char of body) {
    if (quote) {
      if (char === quote) quote = null;
      else current += char;
    } else if ((char === '"' || char === "'") && current.trim() === '') {
      quote = char;
      quoted = true;
      current = '';
    } else if (char === ',') {
      finish();
    } else if (!quoted) {
      current += char;
    }
  }
  finish();
  return items;
}

/** Where the declaration starting at `start` ends (its closing brace), or -1 if it never closes. */
function declarationEnd(text: string, start: number): number {
  let quote: string | null = null;
  let atItemStart = true;
  for (let index = start; index < text.length; index++) {
    const char = text[index] as string;
    if (quote) {
      if (char === quote) quote = null;
    } else if ((char === '"' || char === "'") && atItemStart) {
      quote = char;
    } else if (char === '}') {
      return index;
    } else if (char === '{') {
      return -1;
    }
    if (!quote) atItemStart = char === ',' || (atItemStart && /\s/.test(char));
  }
  return -1;
}

/** The prompt's item lists, and the prompt with their declarations taken out. */
export function parseItemLists(prompt: string): { lists: ItemList[]; text: string } {
  const lists: ItemList[] = [];
  let text = '';
  let index = 0;
  while (index < prompt.length) {
    const open = prompt.indexOf('{', index);
    if (open === -1) break;
    const start = DECLARATION_START.exec(prompt.slice(open));
    const end = start ? declarationEnd(prompt, open + start[0].length) : -1;
    if (!start || end === -1) {
      text += prompt.slice(index, open + 1);
      index = open + 1;
      continue;
    }
    const name = (start[1] as string).trim().replace(/\s+/g, ' ');
    const items = splitItems(prompt.slice(open + start[0].length, end));
    if (items.length > 0) lists.push({ name, items });
    text += prompt.slice(index, open);
    index = end + 1;
  }
  text += prompt.slice(index);
  // A declaration on a line of its own leaves that line empty: close the gap it leaves.
  return {
    lists,
    text: text
      .replace(/[ \t]+\n/g, '\n')
      .replace(/\n{3,}/g, '\n\n')
      .trim(),
  };
}

/** How many runs before the rotation starts again: the longest list's length (1 without lists). */
export function rotationLength(lists: readonly ItemList[]): number {
  return Math.max(1, ...lists.map((list) => list.items.length));
}

/** The index after a run: one on, back to 1 after the longest list. */
export function nextItemListIndex(index: number, lists: readonly ItemList[]): number {
  return index >= rotationLength(lists) ? 1 : index + 1;
}

/** The item a 1-based rotation index picks from a list; shorter lists cycle. */
export function itemAt(list: ItemList, index: number): string {
  const position =
    (((Math.max(1, Math.floor(index)) - 1) % list.items.length) + list.items.length) %
    list.items.length;
  return list.items[position] as string;
}

export type PromptChoices = { aspectRatio: 'landscape' | 'portrait'; watermark: boolean };

/**
 * Rewrites `aspect_ratio` and `watermark` values written in the prompt (`aspect_ratio: 16:9`,
 * `"watermark": false`, `aspect_ratio=9:16`…) to the form's choices, keeping how they were quoted.
 */
export function applyPromptChoices(prompt: string, choices: PromptChoices): string {
  const ratio = choices.aspectRatio === 'portrait' ? '9:16' : '16:9';
  return prompt
    .replace(
      /(["']?aspect_ratio["']?\s*[:=]\s*)(["']?)(?:\d+\s*:\s*\d+|landscape|portrait)\2/gi,
      (_match, key: string, quote: string) => `${key}${quote}${ratio}${quote}`,
    )
    .replace(
      /(["']?watermark["']?\s*[:=]\s*)(["']?)(?:true|false|yes|no|on|off)\2/gi,
      (_match, key: string, quote: string) => `${key}${quote}${String(choices.watermark)}${quote}`,
    );
}

/**
 * The prompt one run sends: declarations out, placeholders filled at `index`, the form's aspect
 * ratio and watermark written in. A placeholder naming no declared list stays as written.
 */
export function buildMasterPrompt(prompt: string, index: number, choices: PromptChoices): string {
  const { lists, text } = parseItemLists(prompt);
  const byName = new Map(lists.map((list) => [keyOf(list.name), list]));
  const filled = text.replace(PLACEHOLDER, (placeholder, name: string) => {
    const list = byName.get(keyOf(name));
    return list ? itemAt(list, index) : placeholder;
  });
  return applyPromptChoices(filled, choices);
}
