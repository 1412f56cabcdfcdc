// The words a narration's captions show: every word once, in order, with its punctuation, placed
// by code point (what espeak-ng counts), whatever the script.
import { describe, expect, it } from 'vitest';
import { wordIndexAt, wordsOf } from './text-words';

describe('wordsOf', () => {
  it('splits at whitespace and keeps punctuation on its word', () => {
    expect(wordsOf("  Hi, I'm Ava.\nDon't stop—ever!  ")).toEqual([
      { text: 'Hi,', from: 2, to: 5 },
      { text: "I'm", from: 6, to: 9 },
      { text: 'Ava.', from: 10, to: 14 },
      { text: "Don't", from: 15, to: 20 },
      { text: 'stop—ever!', from: 21, to: 31 },
    ]);
  });

  it('counts code points, so a character outside the BMP is one position', () => {
    const words = wordsOf('café naïve 𝒜 日本語, hello');
    expect(words.map((word) => word.text)).toEqual(['café', 'naïve', '𝒜', '日本語,', 'hello']);
    expect(words.map((word) => [word.from, word.to])).toEqual([
      [0, 4],
      [5, 10],
      [11, 12],
      [13, 17],
      [18, 23],
    ]);
  });

  it('splits Chinese and Japanese into words, punctuation on the word before', () => {
    expect(wordsOf('你好，世界。今天天气很好。', 'zh-CN').map((word) => word.text)).toEqual([
      '你好，',
      '世界。',
      '今天',
      '天气',
      '很好。',
    ]);
    const japanese = wordsOf('「こんにちは」と言った。', 'ja');
    expect(japanese[0]?.text.startsWith('「こんにちは')).toBe(true);
    expect(japanese.map((word) => word.text).join('')).toBe('「こんにちは」と言った。');
  });

  it('joins a piece with nothing spoken in it to the word before (or after, at the start)', () => {
    expect(wordsOf('— Well - then 😀 ok').map((word) => word.text)).toEqual([
      '— Well -',
      'then 😀',
      'ok',
    ]);
    expect(wordsOf('...')).toEqual([{ text: '...', from: 0, to: 3 }]);
    expect(wordsOf('   ')).toEqual([]);
  });
});

describe('wordIndexAt', () => {
  const words = wordsOf('one two  three');
  it('finds the word at a position, the next one in a gap, the last one past the end', () => {
    expect(wordIndexAt(words, 0)).toBe(0);
    expect(wordIndexAt(words, 2)).toBe(0);
    expect(wordIndexAt(words, 3)).toBe(1);
    expect(wordIndexAt(words, 8)).toBe(2);
    expect(wordIndexAt(words, 99)).toBe(2);
  });
});
