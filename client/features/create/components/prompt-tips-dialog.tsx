// 'Want better results?': the Best Prompt Practices help, nine habits that make a description
// turn into the video the member has in mind (spec/product.md "Create Video").
import { Lightbulb } from 'lucide-react';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '@/components/ui/dialog';

type PromptTip = { title: string; advice: string; example: string };

export const PROMPT_TIPS: readonly PromptTip[] = [
  {
    title: 'Be descriptive',
    advice:
      'Name the subject, what it does, where it is and how it is lit. The model shows only what you write down.',
    example:
      'A golden retriever puppy chasing soap bubbles across a sunlit backyard lawn in late-afternoon light.',
  },
  {
    title: 'Think cinematic',
    advice:
      'Direct the camera like a film crew would: shot size, angle and movement (close-up, wide shot, slow dolly-in, drone shot).',
    example: 'Low-angle tracking shot following a skateboarder through a neon-lit alley at night.',
  },
  {
    title: 'Add style and mood',
    advice:
      'Give the look and the feeling: film stock or art style, colour palette, atmosphere, time of day.',
    example: 'Grainy 1970s film look, teal and orange palette, quiet and melancholic.',
  },
  {
    title: 'Keep it concise',
    advice:
      'About 200-300 words per scene is plenty. Lead with what matters most; long lists of extras get lost.',
    example:
      'Skip the café’s history and describe what the camera sees: a barista pouring latte art, steam rising, morning light through the window.',
  },
  {
    title: 'Include audio and dialogue',
    advice:
      'Describe the sounds, the music and what people say. Put spoken lines in quotation marks.',
    example:
      'Rain taps on the window, soft jazz plays in the background. The detective mutters: "Somebody was here before me."',
  },
  {
    title: 'Avoid negatives',
    advice:
      'Say what you want rather than what you do not want: mentioning "no people" can make people appear.',
    example: 'Write "an empty, quiet beach at dawn" instead of "a beach with no people".',
  },
  {
    title: 'Structure for success',
    advice:
      'Keep a steady order: subject, action, setting, camera, style, audio. With several scenes, number them.',
    example:
      'Scene 1: A chef plates a dessert, close-up, warm kitchen light. Scene 2: The waiter carries it through a candle-lit dining room, tracking shot.',
  },
  {
    title: 'Stay consistent across scenes',
    advice:
      'Repeat the key details (a character’s looks and clothes, the place, the lighting) with the same words in every scene so they match.',
    example:
      'Use "a woman with short red hair in a yellow raincoat" in each scene, not "the woman" after the first.',
  },
  {
    title: 'Experiment',
    advice:
      'Change one thing at a time (the camera move, the time of day, the style) and compare the results.',
    example:
      'The same street scene three ways: at golden hour, at blue hour, and under neon at night.',
  },
];

export function PromptTipsDialog() {
  return (
    <Dialog>
      <DialogTrigger className="inline-flex cursor-pointer items-center gap-1 rounded-sm text-primary text-sm underline-offset-4 outline-none hover:underline focus-visible:ring-[3px] focus-visible:ring-ring/50">
        <Lightbulb className="size-3.5" aria-hidden="true" />
        Want better results?
      </DialogTrigger>
      <DialogContent className="max-w-2xl">
        <DialogHeader>
          <DialogTitle>Best Prompt Practices</DialogTitle>
          <DialogDescription>
            How to write a description that turns into the video you have in mind.
          </DialogDescription>
        </DialogHeader>
        <ol className="grid gap-4">
          {PROMPT_TIPS.map((tip, index) => (
            <li key={tip.title} className="grid gap-1.5">
              <h3 className="font-semibold text-sm">
                {index + 1}. {tip.title}
              </h3>
              <p className="text-muted-foreground text-sm">{tip.advice}</p>
              <p className="rounded-md border-primary/60 border-l-2 bg-muted px-3 py-2 text-sm">
                <span className="font-medium">Example: </span>
                {tip.example}
              </p>
            </li>
          ))}
        </ol>
      </DialogContent>
    </Dialog>
  );
}
