// Reads a description as a brief: the labelled lines Creator Engine templates write ("About the
// brand: …", "Film style: …", "Video settings:", "aspect_ratio: 16:9"…) are sorted into what may
// be spoken, what only the picture uses, and the call to action that closes the video.
//
// Labels are matched by name, not by position, so a member's own master prompt that writes
// "Style: …" or "CTA: …" is read the same way as the guided template (shared/job-prompt.ts).

/** What a labelled line is for. */
export type LabelKind =
  /** Its content may be spoken (without the label): brand description, focus, a hook. */
  | 'narrate'
  /** Its content is spoken at the very end: a call to action. */
  | 'closing'
  /** Its content only directs the picture: style, camera, light, music, audience… */
  | 'visual'
  /** Render settings the form already applies (aspect ratio, watermark, scene count). */
  | 'settings';

const LABELS: Record<LabelKind, readonly string[]> = {
  narrate: [
    // shared/job-prompt.ts (guided mode)
    'about the brand',
    'focus on',
    // what members and other templates write
    'about',
    'brand',
    'brand name',
    'brand description',
    'the brand',
    'description',
    'company',
    'business',
    'product',
    'products',
    'service',
    'subject',
    'topic',
    'theme',
    'setting',
    'location',
    'story',
    'message',
    'key message',
    'focus',
    'focus features',
    'key features',
    'features',
    'benefits',
    'highlights',
    'offer',
    'promise',
    'quote',
    'hook',
    'hook text',
    'on screen hook',
    'on screen text',
    'text',
    'caption',
    'tagline',
    'slogan',
    'headline',
    'voiceover',
    'voice over',
    'narration',
    'script',
  ],
  closing: [
    // shared/job-prompt.ts (guided mode)
    'end with the call to action',
    'call to action',
    'cta',
    'closing line',
    'sign off',
    'outro',
  ],
  visual: [
    // shared/job-prompt.ts (guided mode)
    'film style',
    'this time',
    // the advanced template (server/features/engine/samples.ts) and members' own prompts
    'style',
    'visual style',
    'visual',
    'visuals',
    'look',
    'look and feel',
    'mood',
    'tone',
    'vibe',
    'atmosphere',
    'aesthetic',
    'camera',
    'camera work',
    'camera moves',
    'camera movement',
    'shot',
    'shots',
    'shot list',
    'lens',
    'lighting',
    'light',
    'music',
    'soundtrack',
    'sound',
    'audio',
    'sfx',
    'color',
    'colour',
    'colors',
    'colours',
    'color grade',
    'colour grade',
    'color palette',
    'colour palette',
    'palette',
    'grading',
    'pacing',
    'editing',
    'transitions',
    'format',
    'audience',
    'target audience',
    'goal',
    'objective',
    'platform',
    'frame',
    'framing',
    'negative prompt',
    'avoid',
    'note',
    'notes',
    'direction',
    'directions',
  ],
  settings: [
    // client/features/jobs/auto-append.ts and shared/master-prompt.ts
    'video settings',
    'settings',
    'aspect ratio',
    'watermark',
    'scenes',
    'scene count',
    'duration',
    'length',
    'resolution',
    'fps',
  ],
};

const KIND_OF = new Map<string, LabelKind>(
  (Object.entries(LABELS) as [LabelKind, readonly string[]][]).flatMap(([kind, names]) =>
    names.map((name) => [name, kind] as const),
  ),
);

/** Every label this module knows, by kind (tests check narration against them). */
export const TEMPLATE_LABELS: Readonly<Record<LabelKind, readonly string[]>> = LABELS;

/**
 * "Label: rest" at the start of a line or sentence (markdown bullets, bold and quotes around the
 * label allowed; `aspect_ratio=16:9` too). At most 40 characters, so a sentence with a colon in
 * it is no label.
 */
const LEADING_LABEL =
  /^[\s*_#>•·-]*["']?([\p{L}][\p{L}\p{N} _'’&/-]{0,40}?)["']?[*_]*\s*[:：=]\s*(.*)$/su;

export type LeadingLabel = { kind: LabelKind; name: string; rest: string };

/** The known label a line or sentence starts with, and the text after it; null when none. */
export function leadingLabel(text: string): LeadingLabel | null {
  const match = LEADING_LABEL.exec(text);
  if (!match) return null;
  const name = normaliseLabel(match[1] ?? '');
  const kind = KIND_OF.get(name);
  return kind ? { kind, name, rest: (match[2] ?? '').trim() } : null;
}

function normaliseLabel(label: string): string {
  return label
    .toLowerCase()
    .replace(/[-_’'&/]+/gu, ' ')
    .replace(/\s+/gu, ' ')
    .trim();
}

export type Brief = {
  /** The lines scenes are made of: the member's text, labels of spoken lines taken off. */
  body: string;
  /** Lines that direct every scene's picture (film style, "This time: …", audience…). */
  style: string[];
  /** The call to action, spoken at the end of the last scene; '' when there is none. */
  closing: string;
};

/**
 * Sorts a description's lines: spoken lines lose their label and stay in the body, picture-only
 * lines go to `style`, calls to action to `closing`, and render settings are left out (the
 * form's aspect ratio and watermark are applied by the renderer, and a "watermark: true" handed
 * to an image model could make it draw one).
 */
export function readBrief(description: string): Brief {
  const body: string[] = [];
  const style: string[] = [];
  const closing: string[] = [];
  for (const line of description.split(/\r\n|[\r\n\u2028\u2029]/u)) {
    const label = leadingLabel(line);
    if (!label) {
      body.push(line);
      continue;
    }
    if (label.kind === 'settings') continue;
    if (label.kind === 'visual') {
      if (/[\p{L}\p{N}]/u.test(label.rest)) style.push(line.trim());
    } else if (label.kind === 'closing') {
      if (label.rest) closing.push(label.rest);
    } else if (label.rest) {
      body.push(label.rest);
    }
  }
  return { body: body.join('\n'), style, closing: closing.join(' ') };
}
