// Every valid title and description lays out, with every word kept and every line inside
// the frame: fast-check over the strangest text the form accepts (all scripts, emoji sequences,
// combining marks, invisible characters, 100-letter words), both aspects and 1–4 scenes. Text in
// any one script the fonts cover keeps every one of its characters.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  aspectRatio,
  inkOf,
  memberDescription,
  memberTitle,
  sceneCount,
  scriptText,
} from '../../test/member-text';
import { paceCaption } from './captions';
import { measureText } from './fonts';
import { SCENE_SIZES } from './renderer';
import { CAP_HEIGHT, frameOf, planScene, typographicLines } from './scene-layout';
import { checkText, drawableText } from './text-layout';

/** The layout's answer (how quickly it comes: `npm run bench -- bounds`). */
function timed<T>(work: () => T): { result: T } {
  return { result: work() };
}

describe('typographic shot layout', () => {
  it('fits the 100-character portrait text that once froze the server as a title', () => {
    const title =
      'The quick brown fox jumps over the lazy dog while the sun sets slowly behind the rolling green hills';
    expect(title).toHaveLength(100);
    const frame = frameOf(SCENE_SIZES.portrait.width, SCENE_SIZES.portrait.height);
    const { result } = timed(() => typographicLines(frame, title));
    expect(result.lines.join(' ')).toBe(title);
    // The minimum is 50.4 px: the size rounds up to 51 and stops there.
    expect(result.fontSize).toBe(51);
    for (const line of result.lines) {
      expect(measureText(line, 'extraBold', result.fontSize)).toBeLessThanOrEqual(
        frame.width - 2 * frame.margin,
      );
    }
  });

  it('keeps every word of any phrase inside the frame, in both aspects', () => {
    fc.assert(
      fc.property(memberTitle, aspectRatio, (title, aspect) => {
        const size = SCENE_SIZES[aspect];
        const frame = frameOf(size.width, size.height);
        const text = drawableText(title, 'extraBold');
        const { result } = timed(() => typographicLines(frame, text));
        expect(inkOf(result.lines.join(''))).toBe(inkOf(text));
        for (const line of result.lines) {
          expect(measureText(line, 'extraBold', result.fontSize)).toBeLessThanOrEqual(
            frame.width - 2 * frame.margin,
          );
        }
        const blockHeight =
          result.fontSize * CAP_HEIGHT + (result.lines.length - 1) * result.fontSize * 1.12;
        expect(blockHeight).toBeLessThan(frame.height - 2 * frame.margin);
      }),
      { numRuns: 300 },
    );
  });
});

describe('caption pacing', () => {
  it('puts every word of any description into cues whose lines fit, in order', () => {
    fc.assert(
      fc.property(memberDescription, aspectRatio, (description, aspect) => {
        const { width, height } = SCENE_SIZES[aspect];
        const portrait = aspect === 'portrait';
        const fontSize = portrait ? width * 0.052 : height * 0.056;
        const maxWidth = portrait ? width - 2 * Math.round(width * 0.065) : width * 0.72;
        const { result } = timed(() =>
          paceCaption(description, {
            window: { from: 0.45, to: 7.5 },
            weight: 'semiBold',
            fontSize,
            minFontSize: fontSize * 0.78,
            maxWidth,
            maxLines: portrait ? 3 : 2,
          }),
        );
        const shown = result.cues.flatMap((cue) => cue.lines).join('');
        expect(inkOf(shown)).toBe(inkOf(drawableText(description, 'semiBold')));
        expect(result.fontSize).toBeGreaterThanOrEqual(Math.ceil(fontSize * 0.78));
        for (const cue of result.cues) {
          expect(cue.end).toBeGreaterThan(cue.start);
          for (const line of cue.lines) {
            expect(measureText(line, 'semiBold', result.fontSize)).toBeLessThanOrEqual(maxWidth);
          }
        }
      }),
      { numRuns: 200 },
    );
  });
});

describe('a whole scene', () => {
  it('plans any title (as a typographic shot and as the overlay) and caption, in both aspects, for any scene of 1–4', () => {
    fc.assert(
      fc.property(
        memberTitle,
        memberDescription,
        aspectRatio,
        sceneCount.chain((count) =>
          fc.record({ count: fc.constant(count), number: fc.integer({ min: 1, max: count }) }),
        ),
        (title, caption, aspect, { count, number }) => {
          const { width, height } = SCENE_SIZES[aspect];
          const { result } = timed(() =>
            planScene(
              {
                outputFile: '/tmp/scene.mp4',
                width,
                height,
                durationSeconds: 8,
                sceneNumber: number,
                sceneCount: count,
                caption,
                shots: [
                  { start: 0, end: 4, visual: { kind: 'typographic', words: title.split(' ') } },
                  { start: 4, end: 8, visual: null },
                ],
                overlay: title,
                mood: 'warm, hopeful',
                seed: `${title}${number}`,
                watermark: true,
              },
              '/tmp/scene',
            ),
          );
          const shown = result.cues.flatMap((cue) => cue.lines).join('');
          expect(inkOf(shown)).toBe(inkOf(drawableText(caption, 'semiBold')));
          expect(result.files.map((file) => file.file)).toContain('/tmp/scene/text.ass');
        },
      ),
      { numRuns: 40 },
    );
  });
});

describe('every script', () => {
  it('lays out with no character lost', () => {
    fc.assert(
      fc.property(scriptText(100), scriptText(400), aspectRatio, (title, caption, aspect) => {
        const size = SCENE_SIZES[aspect];
        const frame = frameOf(size.width, size.height);
        const portrait = aspect === 'portrait';

        const checkedTitle = checkText(title.text, 'extraBold');
        expect(checkedTitle.missing).toEqual([]);
        const fitted = typographicLines(frame, checkedTitle.text);
        // In order, nothing missing: only the spaces where lines break (and invisible joiners) go.
        expect(inkOf(fitted.lines.join(''))).toBe(inkOf(title.text.normalize('NFC')));
        for (const line of fitted.lines) {
          expect(measureText(line, 'extraBold', fitted.fontSize)).toBeLessThanOrEqual(
            frame.width - 2 * frame.margin,
          );
        }

        const fontSize = portrait ? size.width * 0.052 : size.height * 0.056;
        const maxWidth = portrait
          ? size.width - 2 * Math.round(size.width * 0.065)
          : size.width * 0.72;
        const missing: string[] = [];
        const paced = paceCaption(caption.text, {
          window: { from: 0.45, to: 7.5 },
          weight: 'semiBold',
          fontSize,
          minFontSize: fontSize * 0.78,
          maxWidth,
          maxLines: portrait ? 3 : 2,
          onMissing: (characters) => missing.push(...characters),
        });
        expect(missing).toEqual([]);
        const shown = paced.cues.flatMap((cue) => cue.lines).join('');
        expect(inkOf(shown)).toBe(inkOf(caption.text.normalize('NFC')));
        for (const line of paced.cues.flatMap((cue) => cue.lines)) {
          expect(measureText(line, 'semiBold', paced.fontSize)).toBeLessThanOrEqual(maxWidth);
        }
      }),
      { numRuns: 300 },
    );
  });
});
