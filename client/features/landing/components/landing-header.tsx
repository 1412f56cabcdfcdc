// The landing page's sticky header: logo, section buttons and Sign In.
import { LogIn } from 'lucide-react';
import { Logo } from '@/components/brand/logo';
import { ThemeToggle } from '@/components/theme-toggle';
import { Button } from '@/components/ui/button';
import { scrollToId } from '@/lib/scroll';
import { HEADER_LINKS } from '../sections';

export function LandingHeader({ loginUrl }: { loginUrl: string }) {
  return (
    <header className="sticky top-0 z-40 border-b bg-background/85 backdrop-blur supports-[backdrop-filter]:bg-background/70">
      <div className="mx-auto flex h-16 max-w-7xl items-center gap-6 px-4 sm:px-6">
        <button
          type="button"
          className="rounded-md"
          onClick={() => window.scrollTo({ top: 0, behavior: 'smooth' })}
          aria-label="Reelforge, back to top"
        >
          <Logo />
        </button>
        <nav aria-label="Sections" className="hidden items-center gap-1 md:flex">
          {HEADER_LINKS.map((link) => (
            <button
              key={link.id}
              type="button"
              onClick={() => scrollToId(link.id)}
              className="rounded-md px-3 py-2 font-medium text-muted-foreground text-sm transition-colors hover:bg-accent hover:text-foreground"
            >
              {link.label}
            </button>
          ))}
        </nav>
        <div className="ml-auto flex items-center gap-2">
          <ThemeToggle />
          <Button asChild>
            <a href={loginUrl}>
              <LogIn aria-hidden="true" />
              Sign In
            </a>
          </Button>
        </div>
      </div>
    </header>
  );
}
