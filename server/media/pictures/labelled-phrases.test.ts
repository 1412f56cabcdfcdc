// The picker judged as a person would: shot phrases of whole videos in 14 languages, each
// labelled by hand with the pictures that fit (labelled-phrases.json, and a held-out set that
// was not tuned on). At least 80 % must fit, and no pick may be blocklisted.
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

  it('are at least 200 phrases in at least 5 languages, labelled with pictures that exist', () => {
    const all = [...seen, ...heldOut];
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

  it('fit at least 80 % of the phrases tuned on (200 of 232, 86 %, when written down)', () => {
    expect(rate(judge(seen))).toBeGreaterThanOrEqual(0.8);
  });

  it('fit the held-out phrases no worse than when they were first checked (47 of 64, 73 %)', () => {
    // Checked once, after tuning: 73 %, short of the 80 % the tuned set reaches (see
    // docs/pictures.md for what missed). This floor only catches a regression; these phrases are
    // never tuned on, and a new held-out set is the way to measure an improvement.
    expect(rate(judge(heldOut))).toBeGreaterThanOrEqual(0.7);
  });

  it('never pick a blocklisted picture', () => {
    const { blocked } = pictureSet();
    const shown = judge([...seen, ...heldOut]).map((verdict) => verdict.shown);
    expect(shown.filter((name) => blocked.has(name))).toEqual([]);
  });
});
