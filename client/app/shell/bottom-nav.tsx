// The phone-width tab bar, hidden from the md width up; Create stands out as the primary action.

import { useAppNavigation } from '@/lib/app-navigation';
import { highlightedTab } from '@/lib/app-tabs';
import { cn } from '@/lib/cn';
import { BOTTOM_TABS } from './tab-config';

export function BottomNav() {
  const { tab: shown, navigate } = useAppNavigation();
  const tab = highlightedTab(shown);
  return (
    <nav
      aria-label="Tab bar"
      data-testid="bottom-nav"
      className="fixed inset-x-0 bottom-0 z-40 border-t bg-background/95 pb-[env(safe-area-inset-bottom)] backdrop-blur md:hidden"
    >
      <ul className="mx-auto grid h-16 max-w-md grid-cols-5 items-center">
        {BOTTOM_TABS.map(({ tab: target, label, icon: Icon, primary }) => {
          const active = tab === target;
          return (
            <li key={target} className="flex justify-center">
              <button
                type="button"
                onClick={() => navigate(target)}
                aria-current={active ? 'page' : undefined}
                className={cn(
                  'flex min-w-14 flex-col items-center gap-0.5 rounded-md px-1 py-1 text-[11px] font-medium leading-tight text-muted-foreground',
                  active && 'text-primary',
                )}
              >
                {primary ? (
                  <span
                    className={cn(
                      '-mt-6 flex size-12 items-center justify-center rounded-full brand-gradient text-white shadow-lg ring-4 ring-background',
                    )}
                  >
                    <Icon className="size-6" aria-hidden="true" />
                  </span>
                ) : (
                  <Icon className="size-5" aria-hidden="true" />
                )}
                <span className="text-center">{label}</span>
              </button>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
