// The picker judged as a person would: shot phrases of whole videos in 14 languages, each
// labelled by hand with the pictures that fit (labelled-phrases.json, and four held-out sets,
// each written before a round of tuning and checked once after it). At least 80 % of the tuned
// set must fit, the held-out sets no worse than when they were checked, and no pick may be
// blocklisted.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { pictureSet } from './picture-set';
import { chooseShotPictures } from './pictures';

type LabelledVideo = {
  title: string;
  language: string | null;
  /** The pictures of the video's subject, which '@subject' stands for. */
  subject: string[];
  /** Each shot's phrase and what fits it: picture names, '@subject', 'typographic'. */
  shots: { text: string; accept: string[] }[];
};

function load(file: string): LabelledVideo[] {
  const url = new URL(file, import.meta.url);
  return (JSON.parse(readFileSync(url, 'utf8')) as { videos: LabelledVideo[] }).videos;
}

type Verdict = { phrase: string; shown: string; fits: boolean };

function judge(videos: LabelledVideo[]): Verdict[] {
  return videos.flatMap((video) => {
    const picks = chooseShotPictures(
      video.shots.map((shot) => shot.text),
      { language: video.language, title: video.title },
    );
    return video.shots.map((shot, index) => {
      const pick = picks[index];
      const shown = pick?.kind === 'picture' ? pick.name : 'typographic';
      const accepted = shot.accept.flatMap((name) =>
        name === '@subject' ? video.subject : [name],
      );
      return { phrase: shot.text, shown, fits: accepted.includes(shown) };
    });
  });
}

const rate = (verdicts: Verdict[]) => verdicts.filter((v) => v.fits).length / verdicts.length;

describe('the labelled phrases', () => {
  const seen = load('./labelled-phrases.json');
  const heldOut = load('./labelled-phrases.held-out.json');
  const heldOut2 = load('./labelled-phrases.held-out-2.json');
  const heldOut3 = load('./labelled-phrases.held-out-3.json');
  const heldOut4 = load('./labelled-phrases.held-out-4.json');

  it('are at least 200 phrases in at least 5 languages, labelled with pictures that exist', () => {
    const all = [...seen, ...heldOut, ...heldOut2, ...heldOut3, ...heldOut4];
    const phrases = all.flatMap((video) => video.shots);
    expect(phrases.length).toBeGreaterThanOrEqual(200);
    const languages = new Set(all.map((video) => (video.language ?? '').split('-')[0]));
    for (const language of ['en', 'es', 'pt', 'fr', 'de']) expect(languages).toContain(language);
    const { docByName } = pictureSet();
    const named = all.flatMap((video) => [
      ...video.subject,
      ...video.shots.flatMap((shot) => shot.accept),
    ]);
    const unknown = named.filter(
      (name) => name !== '@subject' && name !== 'typographic' && !docByName.has(name),
    );
    expect([...new Set(unknown)]).toEqual([]);
  });

  it('fit at least 80 % of the phrases tuned on (208 of 232, 90 %, at the fourth round)', () => {
    expect(rate(judge(seen))).toBeGreaterThanOrEqual(0.8);
  });

  it('fit the first held-out phrases no worse than now (47 of 64 at first, 58 of 64 now)', () => {
    // Checked once after the first round (73 %). Its misses were then worked on, so it is no
    // longer held out: 91 % now, and this floor only catches a regression.
    expect(rate(judge(heldOut))).toBeGreaterThanOrEqual(0.85);
  });

  it('fit the second held-out phrases no worse than now (80 of 122 when checked, 106 now)', () => {
    // Checked once after the second round (66 %); its misses were the third round's brief, so
    // it is seen now: 87 %. A floor a few phrases under it, against regressions.
    expect(rate(judge(heldOut2))).toBeGreaterThanOrEqual(0.83);
  });

  it('fit the third held-out phrases no worse than now (106 of 148 when checked, 122 now)', () => {
    // Checked once after the third round (72 %); its misses were the fourth round's brief, so
    // it is seen now: 82 %. A floor a few phrases under it, against regressions.
    expect(rate(judge(heldOut3))).toBeGreaterThanOrEqual(0.78);
  });

  it('fit the fourth held-out phrases no worse than when checked (115 of 174, 66 %)', () => {
    // Written and committed before the fourth round's changes, checked once after them: 66 %,
    // short of the 80 % (64 % with the third round's picker). docs/pictures.md says
    // what missed. A floor a few phrases under it; not tuned on.
    expect(rate(judge(heldOut4))).toBeGreaterThanOrEqual(0.63);
  });

  it('never pick a blocklisted picture', () => {
    const { blocked } = pictureSet();
    const shown = judge([...seen, ...heldOut, ...heldOut2, ...heldOut3, ...heldOut4]).map(
      (verdict) => verdict.shown,
    );
    expect(shown.filter((name) => blocked.has(name))).toEqual([]);
  });
});
