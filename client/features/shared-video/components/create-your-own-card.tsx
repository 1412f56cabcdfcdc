// The side card beside a shared video: Create Your Own Video, Learn More and 'Why Reelforge'.
import { CheckCircle2, Sparkles } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { loginHref } from '@/lib/login-links';

const BENEFITS = [
  'Turn a short prompt into a finished video',
  'Landscape 16:9 or portrait 9:16 for every platform',
  'Multi-scene stories in one request',
  'Post on autopilot with the Creator Engine',
  'Start free, upgrade when you need more',
];

export function CreateYourOwnCard() {
  return (
    <Card className="overflow-hidden" data-testid="create-your-own-card">
      <div className="brand-gradient h-1.5" aria-hidden="true" />
      <CardHeader>
        <CardTitle className="flex items-center gap-2 text-lg">
          <Sparkles className="size-5 text-primary" aria-hidden="true" />
          Made with Reelforge
        </CardTitle>
        <CardDescription>Create AI videos like this one in minutes.</CardDescription>
      </CardHeader>
      <CardContent className="space-y-6">
        <div className="flex flex-col gap-2">
          <Button asChild variant="brand" size="lg">
            <a href={loginHref()}>Create Your Own Video</a>
          </Button>
          <Button asChild variant="outline">
            <a href="/" aria-label="Learn more about Reelforge">
              Learn More
            </a>
          </Button>
        </div>
        <section aria-labelledby="why-reelforge" className="space-y-3">
          <h2 id="why-reelforge" className="font-semibold text-sm">
            Why Reelforge
          </h2>
          <ul className="space-y-2 text-muted-foreground text-sm">
            {BENEFITS.map((benefit) => (
              <li key={benefit} className="flex items-start gap-2">
                <CheckCircle2 className="mt-0.5 size-4 shrink-0 text-success" aria-hidden="true" />
                <span>{benefit}</span>
              </li>
            ))}
          </ul>
        </section>
      </CardContent>
    </Card>
  );
}
