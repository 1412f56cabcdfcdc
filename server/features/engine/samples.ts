// What the job form's "fill with a sample" and advanced mode start from: complete example brands
// for the guided fields, and a master prompt template with two item lists that shows the syntax.
import type { JobSample } from '../../../shared/schemas/jobs';

export const JOB_SAMPLES: readonly JobSample[] = [
  {
    jobName: 'Daily coffee moments',
    brandName: 'Ember & Oak Roasters',
    brandDescription:
      'A small-batch coffee roaster in Lisbon. We source single-origin beans directly from farmers and roast them twice a week, so every bag is fresh.',
    focusFeatures:
      'Freshly roasted beans, direct trade with farmers, brewing tips for home baristas, the calm of a morning ritual.',
    callToAction: 'Order a fresh bag at emberandoak.example',
    filmStyle:
      'Warm, slow and cinematic: golden morning light, steam rising from cups, close-ups of hands and beans, soft acoustic mood.',
    dynamicSet:
      'A different brewing method each time: espresso, pour-over, French press, cold brew, moka pot.',
  },
  {
    jobName: 'Weekly sneaker drop',
    brandName: 'Stride Lab',
    brandDescription:
      'An independent sneaker label making limited runs of street-ready trainers from recycled materials.',
    focusFeatures:
      'Limited editions, recycled materials, all-day comfort, designed and tested in the city.',
    callToAction: 'Get yours before they sell out at stridelab.example',
    filmStyle:
      'Bold and energetic: fast cuts, neon city nights, low angles on pavement, punchy beat.',
    dynamicSet:
      'A new city location each week: rooftop, subway platform, skate park, night market.',
  },
  {
    jobName: 'Fitness tip of the day',
    brandName: 'Coreline Studio',
    brandDescription:
      'A boutique fitness studio offering short, effective workouts for busy people, online and in person.',
    focusFeatures:
      'Ten-minute routines, good form, progress without equipment, a friendly community.',
    callToAction: 'Book a free first class at coreline.example',
    filmStyle:
      'Bright, clean and motivating: daylight studio, smooth tracking shots, upbeat rhythm, clear captions.',
    dynamicSet: 'A different exercise each day: plank, squat, lunge, push-up, mountain climber.',
  },
];

export const ADVANCED_MODE_TEMPLATE = `Create a short vertical-friendly video about {Topic} for {Audience}.

Scene 1: open with a striking close-up that sets the mood for {Topic}.
Scene 2: show the moment that matters most to {Audience}, in warm natural light.
End on a calm wide shot with room for a caption.

Style: cinematic, smooth camera moves, soft ambient music.
aspect_ratio: 16:9
watermark: true

{Topic: "morning coffee rituals", "street food at night", "a mountain sunrise", "a quiet library"}
{Audience: busy professionals, students, "travellers, young and old"}`;
