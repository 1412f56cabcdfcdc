// The Creator Engine's intro card and its 'Perfect For' card with six use cases. Once the member
// has jobs, both fold away behind one line, so the jobs come first (on a phone they filled the
// screen above them).
import {
  Bot,
  CalendarClock,
  Megaphone,
  Package,
  Repeat,
  ShoppingBag,
  Sparkles,
  Users,
} from 'lucide-react';
import {
  Accordion,
  AccordionContent,
  AccordionItem,
  AccordionTrigger,
} from '@/components/ui/accordion';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';

export const USE_CASES = [
  {
    icon: Megaphone,
    title: 'Daily social posts',
    text: 'A fresh clip for your feeds every day, without opening an editor.',
  },
  {
    icon: ShoppingBag,
    title: 'Product showcases',
    text: 'Rotate through your catalogue, one product in the spotlight per video.',
  },
  {
    icon: Sparkles,
    title: 'Brand storytelling',
    text: 'Keep one look and voice while every video tells a new moment.',
  },
  {
    icon: CalendarClock,
    title: 'Seasonal campaigns',
    text: 'Schedule a run of videos for a launch, a holiday or a sale.',
  },
  {
    icon: Repeat,
    title: 'Content series',
    text: 'Tips, facts or recipes of the day from one master prompt and its item lists.',
  },
  {
    icon: Users,
    title: 'Agencies and clients',
    text: 'One job per client brand, each filing its videos in its own folder.',
  },
] as const;

export function JobsIntro({ collapsed = false }: { collapsed?: boolean }) {
  if (!collapsed) return <IntroCards />;
  return (
    <Accordion type="single" collapsible>
      <AccordionItem value="about" className="rounded-xl border px-4">
        <AccordionTrigger>About the Creator Engine</AccordionTrigger>
        <AccordionContent>
          <IntroCards />
        </AccordionContent>
      </AccordionItem>
    </Accordion>
  );
}

function IntroCards() {
  return (
    <div className="grid gap-4 lg:grid-cols-[2fr_3fr]">
      <Card className="border-primary/20 bg-primary/5">
        <CardHeader className="p-5 sm:p-6">
          <Bot aria-hidden="true" className="mb-2 size-8 text-primary" />
          <CardTitle className="text-xl">Videos that make themselves</CardTitle>
          <CardDescription>
            Set up a job once: your brand details, or one master prompt whose item lists rotate.
            Reelforge makes a new video on your schedule and files it in the job's folder in your
            library. Each video uses one credit.
          </CardDescription>
        </CardHeader>
        <CardContent className="flex items-center gap-2 p-5 pt-0 text-muted-foreground text-sm sm:p-6 sm:pt-0">
          <Package aria-hidden="true" className="size-4" />
          Pro and Elite plans.
        </CardContent>
      </Card>
      <Card>
        <CardHeader className="p-5 pb-3 sm:p-6 sm:pb-3">
          <CardTitle className="text-lg">Perfect For</CardTitle>
        </CardHeader>
        <CardContent className="p-5 pt-0 sm:p-6 sm:pt-0">
          <ul className="grid gap-3 sm:grid-cols-2">
            {USE_CASES.map(({ icon: Icon, title, text }) => (
              <li key={title} className="flex gap-3">
                <Icon aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-primary" />
                <div>
                  <p className="font-medium text-sm">{title}</p>
                  <p className="text-muted-foreground text-xs">{text}</p>
                </div>
              </li>
            ))}
          </ul>
        </CardContent>
      </Card>
    </div>
  );
}
