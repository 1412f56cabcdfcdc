// Six features, one card each.
import { Bot, Clapperboard, FolderHeart, ImagePlus, Share2, Smartphone } from 'lucide-react';

const FEATURES = [
  {
    icon: Clapperboard,
    title: 'Text to video in seconds',
    text: 'Write a title and a description. Reelforge plans every scene and renders it while you watch the progress live.',
  },
  {
    icon: ImagePlus,
    title: 'Start from your own image',
    text: 'Upload a product shot or snap one with your camera, and it becomes the opening of your video.',
  },
  {
    icon: Smartphone,
    title: 'Widescreen or vertical',
    text: 'Landscape 16:9 for YouTube and websites, portrait 9:16 for TikTok, Reels and Shorts, up to four scenes.',
  },
  {
    icon: Bot,
    title: 'Creator Engine automations',
    text: 'Set your brand once and get fresh videos every hour, day or week, with rotating products and hooks.',
  },
  {
    icon: FolderHeart,
    title: 'A library that stays tidy',
    text: 'Search, favourite, sort into folders and combine your best scenes into a longer cut.',
  },
  {
    icon: Share2,
    title: 'Share anywhere',
    text: 'Download the MP4 or share a public link with a rich preview on X, Facebook, LinkedIn and WhatsApp.',
  },
];

export function FeaturesSection() {
  return (
    <section id="features" className="mx-auto max-w-7xl scroll-mt-20 px-4 py-20 sm:px-6">
      <div className="mx-auto max-w-2xl text-center">
        <h2 className="font-bold text-3xl tracking-tight sm:text-4xl">
          Everything you need to publish video daily
        </h2>
        <p className="mt-4 text-lg text-muted-foreground">
          From first idea to a shareable link, without cameras, editors or a render farm.
        </p>
      </div>
      <ul className="mt-12 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
        {FEATURES.map(({ icon: Icon, title, text }) => (
          <li
            key={title}
            className="rounded-2xl border bg-card p-6 shadow-sm transition-shadow hover:shadow-md"
          >
            <span className="mb-4 flex size-11 items-center justify-center rounded-xl bg-primary/10 text-primary">
              <Icon className="size-5" aria-hidden="true" />
            </span>
            <h3 className="font-semibold text-lg">{title}</h3>
            <p className="mt-2 text-muted-foreground">{text}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}
