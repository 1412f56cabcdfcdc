// The fixed bottom navigation on phones and tablets (hidden from lg): highlights the section under
// the scroll line and puts sign-in in the middle.
import { cn } from '@/lib/cn';
import { scrollToId } from '@/lib/scroll';
import { useActiveSection } from '../hooks/use-active-section';
import { SECTION_NAV } from '../sections';

const SECTION_IDS = SECTION_NAV.map((section) => section.id);

export function LandingMobileNav({ loginUrl }: { loginUrl: string }) {
  const active = useActiveSection(SECTION_IDS);
  return (
    <nav
      aria-label="Sections"
      data-testid="landing-mobile-nav"
      className="fixed inset-x-0 bottom-0 z-40 border-t bg-background/95 pb-[env(safe-area-inset-bottom)] backdrop-blur lg:hidden"
    >
      <ul className="mx-auto grid h-16 max-w-md grid-cols-5 items-center">
        {SECTION_NAV.map((section) => {
          const Icon = section.icon;
          const isActive = active === section.id;
          if ('primary' in section && section.primary) {
            return (
              <li key={section.id} className="flex justify-center">
                <a
                  href={loginUrl}
                  // Its section (the sign-up invitation) can be the one on screen too.
                  aria-current={isActive ? 'location' : undefined}
                  className="flex flex-col items-center gap-0.5 text-[11px] font-medium text-primary"
                >
                  <span
                    className={cn(
                      '-mt-6 flex size-12 items-center justify-center rounded-full brand-gradient text-white shadow-lg ring-4 ring-background',
                      isActive && 'outline-2 outline-primary outline-offset-2',
                    )}
                  >
                    <Icon className="size-6" aria-hidden="true" />
                  </span>
                  {section.label}
                </a>
              </li>
            );
          }
          return (
            <li key={section.id} className="flex justify-center">
              <button
                type="button"
                onClick={() => scrollToId(section.id)}
                aria-current={isActive ? 'location' : undefined}
                className={cn(
                  'flex flex-col items-center gap-0.5 rounded-md px-2 py-1 text-[11px] font-medium text-muted-foreground',
                  isActive && 'text-primary',
                )}
              >
                <Icon className="size-5" aria-hidden="true" />
                {section.label}
              </button>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
