// For client tests: text tracks as a browser keeps them. happy-dom builds a new TextTrack each time
// a <track>'s `track` is read (so a mode set on it is lost) and never loads cues; this keeps one
// per element, starting as its `default` attribute says, lets a test give it cues and fire its
// load, and gives each <video> a `textTracks` list of its tracks that announces changes.
import { vi } from 'vitest';

export type FakeTextTrack = {
  kind: string;
  label: string;
  mode: TextTrackMode;
  cues: Array<Partial<VTTCue>> | null;
};

export function stubTextTracks() {
  const tracks = new WeakMap<HTMLTrackElement, FakeTextTrack>();
  const lists = new WeakMap<HTMLMediaElement, EventTarget>();

  const trackOf = (element: HTMLTrackElement): FakeTextTrack => {
    let track = tracks.get(element);
    if (!track) {
      track = {
        kind: element.getAttribute('kind') ?? 'subtitles',
        label: element.getAttribute('label') ?? '',
        mode: element.hasAttribute('default') ? 'showing' : 'disabled',
        cues: null,
      };
      tracks.set(element, track);
    }
    return track;
  };

  const trackSpy = vi
    .spyOn(HTMLTrackElement.prototype, 'track', 'get')
    .mockImplementation(function (this: HTMLTrackElement) {
      return trackOf(this) as unknown as TextTrack;
    });
  const listSpy = vi
    .spyOn(HTMLMediaElement.prototype, 'textTracks', 'get')
    .mockImplementation(function (this: HTMLMediaElement) {
      let list = lists.get(this);
      if (!list) {
        const target = new EventTarget();
        const current = () =>
          Array.from(this.querySelectorAll('track')).map((element) => trackOf(element));
        Object.defineProperty(target, 'length', { get: () => current().length });
        Object.defineProperty(target, Symbol.iterator, {
          value: () => current()[Symbol.iterator](),
        });
        list = target;
        lists.set(this, list);
      }
      return list as unknown as TextTrackList;
    });

  return {
    trackOf,
    /** The cues arrive, as when the browser has fetched and parsed the file. */
    load(element: HTMLTrackElement, cues: Array<Partial<VTTCue>>) {
      trackOf(element).cues = cues;
      element.dispatchEvent(new Event('load'));
    },
    /** The member changes captions in the browser's own controls. */
    chooseInBrowser(media: HTMLMediaElement, element: HTMLTrackElement, mode: TextTrackMode) {
      trackOf(element).mode = mode;
      media.textTracks.dispatchEvent(new Event('change'));
    },
    restore() {
      trackSpy.mockRestore();
      listSpy.mockRestore();
    },
  };
}
