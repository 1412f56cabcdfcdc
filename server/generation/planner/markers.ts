// Scenes the member marked ("Scene 1: … Scene 2: …", as the prompt tips recommend): each marked
// text is its own scene's, and text before the first marker sets the scene for every prompt.

/**
 * 'Scene 1:', 'Scene 2 -', 'SCENE 3.', 'Shot 4)': a marker starts the text or follows a space or
 * punctuation, and ends with punctuation, so 'the scene 2 friends saw' is no marker.
 */
const SCENE_MARKER =
  /(?<![\p{L}\p{N}])(?:scene|shot)\s*#?\s*\d{1,2}\s*(?:[:.)\]]|\s[-–—])[*_\s]*/giu;
const WORDY = /[\p{L}\p{N}]/u;

function cleanLine(text: string): string {
  return text
    .normalize('NFC')
    .replace(/[\p{Cc}\s]+/gu, ' ')
    .trim();
}

/** The member's own scene texts, in the order written, and any text before the first marker. */
export function markedScenes(description: string): { preamble: string; scenes: string[] } | null {
  const text = description.normalize('NFC');
  const markers = [...text.matchAll(SCENE_MARKER)];
  if (markers.length === 0) return null;
  const scenes = markers
    .map((marker, index) => {
      const start = (marker.index ?? 0) + marker[0].length;
      const end = markers[index + 1]?.index ?? text.length;
      return cleanLine(text.slice(start, end).replace(/^[*_#\s]+|[*_#\s]+$/gu, ''));
    })
    .filter((scene) => WORDY.test(scene));
  if (scenes.length === 0) return null;
  const preamble = cleanLine(text.slice(0, markers[0]?.index ?? 0).replace(/[*_#]+/gu, ''));
  return { preamble: WORDY.test(preamble) ? preamble : '', scenes };
}
