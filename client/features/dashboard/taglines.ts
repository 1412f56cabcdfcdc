// The ten lines that rotate under the dashboard logo, one every 30 s.
export const TAGLINES = [
  'Turn a single sentence into a scene worth sharing.',
  "Describe it. We'll film it.",
  'Your next viral video starts with a title.',
  'From idea to video in minutes, not days.',
  'Lights, camera, prompt.',
  'Publish every day without a film crew.',
  'Let the Creator Engine post while you sleep.',
  'Bring your brand to life, one scene at a time.',
  'Think cinematic: name the light, the lens and the mood.',
  'Every great story needs a first frame. Make yours today.',
] as const;
