// The hero carousel's nine 15-second demos. Each shows its gradient until its clip exists; the
// worker renders the clips with the local renderer into media storage, and GET /api/demo-clips
// says which are ready (the ids here are the server's clip names).
export type DemoItem = {
  id: string;
  title: string;
  duration: number;
  videoSrc: string | null;
  thumbnailSrc: string | null;
  fallbackGradient: string;
  description: string;
};

export const DEMO_ITEMS: DemoItem[] = [
  {
    id: 'neon-city',
    title: 'Neon City Nights',
    duration: 15,
    videoSrc: null,
    thumbnailSrc: null,
    fallbackGradient: 'linear-gradient(135deg, #0f0c29 0%, #6d3df5 50%, #ff2e93 100%)',
    description: 'Rain-soaked streets, glowing signs and a lone rider in a cyberpunk skyline.',
  },
  {
    id: 'espresso',
    title: 'Morning Espresso',
    duration: 15,
    videoSrc: null,
    thumbnailSrc: null,
    fallbackGradient: 'linear-gradient(135deg, #3e2723 0%, #a1662f 55%, #f6d365 100%)',
    description: 'A slow-motion pour and a cafe waking up: a product ad in three shots.',
  },
  {
    id: 'alpine-sunrise',
    title: 'Alpine Sunrise',
    duration: 15,
    videoSrc: null,
    thumbnailSrc: null,
    fallbackGradient: 'linear-gradient(135deg, #1e3c72 0%, #f3904f 60%, #ffd89b 100%)',
    description: 'First light over snowy peaks, drifting clouds and a quiet lake.',
  },
  {
    id: 'coral-reef',
    title: 'Life on the Reef',
    duration: 15,
    videoSrc: null,
    thumbnailSrc: null,
    fallbackGradient: 'linear-gradient(135deg, #0052d4 0%, #4364f7 45%, #6fb1fc 100%)',
    description: 'A documentary glide through coral gardens with turtles and clownfish.',
  },
  {
    id: 'sneaker-drop',
    title: 'Sneaker Drop Teaser',
    duration: 15,
    videoSrc: null,
    thumbnailSrc: null,
    fallbackGradient: 'linear-gradient(135deg, #111111 0%, #e52d27 60%, #ff9a3c 100%)',
    description: 'Bold type, hard cuts and a countdown for a limited release.',
  },
  {
    id: 'bakery',
    title: 'Corner Bakery Reel',
    duration: 15,
    videoSrc: null,
    thumbnailSrc: null,
    fallbackGradient: 'linear-gradient(135deg, #b24592 0%, #f15f79 50%, #ffd1a9 100%)',
    description: 'Warm loaves, flour in the air and a friendly call to visit today.',
  },
  {
    id: 'orbit',
    title: 'Life in Orbit',
    duration: 15,
    videoSrc: null,
    thumbnailSrc: null,
    fallbackGradient: 'linear-gradient(135deg, #000428 0%, #004e92 55%, #8e2de2 100%)',
    description: 'An explainer on the space station: sunrise every 90 minutes.',
  },
  {
    id: 'fitness',
    title: 'Five-Minute Power Start',
    duration: 15,
    videoSrc: null,
    thumbnailSrc: null,
    fallbackGradient: 'linear-gradient(135deg, #11998e 0%, #38ef7d 60%, #d4fc79 100%)',
    description: 'Energetic vertical workout cues built for Shorts and Reels.',
  },
  {
    id: 'storybook',
    title: 'The Paper Fox',
    duration: 15,
    videoSrc: null,
    thumbnailSrc: null,
    fallbackGradient: 'linear-gradient(135deg, #654ea3 0%, #da98b4 55%, #eaafc8 100%)',
    description: 'A bedtime story in a folded-paper world, told in four scenes.',
  },
];
