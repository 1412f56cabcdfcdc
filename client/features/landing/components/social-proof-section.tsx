// Where members publish, and what six of them say (three shown below the lg width).
import { Star } from 'lucide-react';
import { cn } from '@/lib/cn';

const PLATFORMS = [
  'YouTube',
  'TikTok',
  'Instagram Reels',
  'YouTube Shorts',
  'X',
  'LinkedIn',
  'Facebook',
];

const TESTIMONIALS = [
  {
    name: 'Maya Okafor',
    role: 'Lifestyle creator, 480K followers',
    quote:
      'I went from one video a week to one a day. The vertical format is ready to post the moment it finishes.',
  },
  {
    name: 'Daniel Reyes',
    role: 'Growth lead at a D2C skincare brand',
    quote:
      'The Creator Engine rotates our products through the same hook every morning. Our Reels never go quiet now.',
  },
  {
    name: 'Priya Natarajan',
    role: 'Founder, Little Loaf Bakery',
    quote:
      'I typed what our mornings look like and got a video I was proud to put on our page. Customers mention it.',
  },
  {
    name: 'Tom Becker',
    role: 'Science teacher and YouTuber',
    quote: 'Four scenes is exactly enough for a quick explainer. My students ask for the next one.',
  },
  {
    name: 'Aisha Karim',
    role: 'Social media manager at an agency',
    quote:
      'Folders per client and combined cuts save me hours. Sharing a link for approval just works.',
  },
  {
    name: 'Lucas Moreau',
    role: 'Indie game developer',
    quote: 'Our devlog teasers used to take an evening. Now it is a sentence and a coffee.',
  },
];

export function SocialProofSection() {
  return (
    <section id="social-proof" className="mx-auto max-w-7xl scroll-mt-20 px-4 py-20 sm:px-6">
      <div className="mx-auto max-w-2xl text-center">
        <h2 className="font-bold text-3xl tracking-tight sm:text-4xl">
          Loved by people who post every day
        </h2>
        <p className="mt-4 text-lg text-muted-foreground">
          Made for the platforms your audience already watches.
        </p>
      </div>
      <ul className="mt-8 flex flex-wrap justify-center gap-2" aria-label="Platforms">
        {PLATFORMS.map((platform) => (
          <li
            key={platform}
            className="rounded-full border bg-card px-4 py-1.5 font-medium text-sm"
          >
            {platform}
          </li>
        ))}
      </ul>
      <ul className="mt-12 grid gap-6 md:grid-cols-2 lg:grid-cols-3">
        {TESTIMONIALS.map((testimonial, index) => (
          <li
            key={testimonial.name}
            className={cn(
              'rounded-2xl border bg-card p-6 shadow-sm',
              index >= 3 && 'hidden lg:block',
            )}
          >
            <figure className="flex h-full flex-col gap-4">
              <div className="flex gap-0.5" role="img" aria-label="5 out of 5 stars">
                {[1, 2, 3, 4, 5].map((star) => (
                  <Star key={star} className="size-4 fill-ember text-ember" aria-hidden="true" />
                ))}
              </div>
              <blockquote className="flex-1 text-foreground/90">“{testimonial.quote}”</blockquote>
              <figcaption>
                <p className="font-semibold">{testimonial.name}</p>
                <p className="text-muted-foreground text-sm">{testimonial.role}</p>
              </figcaption>
            </figure>
          </li>
        ))}
      </ul>
    </section>
  );
}
