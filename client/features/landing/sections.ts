// The landing page's sections as the navigation knows them (spec/product.md §2 Landing page).
import { Home, MessageSquareQuote, Rocket, Sparkles, Tag } from 'lucide-react';

export const SECTION_NAV = [
  { id: 'hero-carousel', label: 'Home', icon: Home },
  { id: 'features', label: 'Features', icon: Sparkles },
  { id: 'beta-signup', label: 'Create Now', icon: Rocket, primary: true },
  { id: 'pricing', label: 'Pricing', icon: Tag },
  { id: 'social-proof', label: 'Reviews', icon: MessageSquareQuote },
] as const;

export type SectionId = (typeof SECTION_NAV)[number]['id'];

/** The header's buttons: features, pricing, testimonials and sign-up. */
export const HEADER_LINKS: { id: SectionId; label: string }[] = [
  { id: 'features', label: 'Features' },
  { id: 'pricing', label: 'Pricing' },
  { id: 'social-proof', label: 'Testimonials' },
  { id: 'beta-signup', label: 'Sign Up' },
];

/**
 * The section under the scroll line: the last one whose top has passed the line. `tops` are the
 * sections' distances from the top of the viewport, in page order.
 */
export function activeSectionAt<T>(sections: { id: T; top: number }[], line: number): T | null {
  let active: T | null = null;
  for (const section of sections) {
    if (section.top <= line) active = section.id;
  }
  return active ?? sections[0]?.id ?? null;
}
