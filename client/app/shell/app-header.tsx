// The top bar: logo, the tabs (from the md width up), theme toggle and profile button.
import type { SessionUser } from '@shared/schemas/auth';
import { Logo } from '@/components/brand/logo';
import { ThemeToggle } from '@/components/theme-toggle';
import { Badge } from '@/components/ui/badge';
import { NotificationsBell } from '@/features/notifications/components/notifications-bell';
import { useAppNavigation } from '@/lib/app-navigation';
import { highlightedTab } from '@/lib/app-tabs';
import { cn } from '@/lib/cn';
import { HEADER_TABS } from './tab-config';

function initials(user: SessionUser): string {
  const fromNames = `${user.firstName?.[0] ?? ''}${user.lastName?.[0] ?? ''}`;
  return (fromNames || user.email[0] || '?').toUpperCase();
}

export function AppHeader({ user }: { user: SessionUser }) {
  const { tab: shown, navigate } = useAppNavigation();
  const tab = highlightedTab(shown);
  return (
    <header className="sticky top-0 z-40 border-b bg-background/85 backdrop-blur supports-[backdrop-filter]:bg-background/70">
      <div className="mx-auto flex h-16 max-w-7xl items-center gap-6 px-4 sm:px-6">
        <button
          type="button"
          onClick={() => navigate('dashboard')}
          className="rounded-md"
          aria-label="Reelforge dashboard"
        >
          <Logo />
        </button>
        <nav
          aria-label="Main navigation"
          className="hidden items-center gap-1 md:flex"
          data-testid="header-tabs"
        >
          {HEADER_TABS.map(({ tab: target, label, icon: Icon }) => (
            <button
              key={target}
              type="button"
              onClick={() => navigate(target)}
              aria-current={tab === target ? 'page' : undefined}
              className={cn(
                'inline-flex items-center gap-2 rounded-md px-3 py-2 font-medium text-muted-foreground text-sm transition-colors hover:bg-accent hover:text-foreground',
                tab === target && 'bg-secondary text-foreground',
              )}
            >
              <Icon className="size-4" aria-hidden="true" />
              {label}
            </button>
          ))}
        </nav>
        <div className="ml-auto flex items-center gap-2">
          <NotificationsBell />
          <ThemeToggle />
          <button
            type="button"
            onClick={() => navigate('profile')}
            aria-current={tab === 'profile' ? 'page' : undefined}
            className="hidden items-center gap-2 rounded-full border py-1 pr-3 pl-1 transition-colors hover:bg-accent md:inline-flex"
          >
            <span
              aria-hidden="true"
              className="flex size-8 items-center justify-center rounded-full bg-primary font-semibold text-primary-foreground text-xs"
            >
              {initials(user)}
            </span>
            {/* Named by what it shows, after what it opens. */}
            <span className="sr-only">Profile: </span>
            <span className="max-w-32 truncate font-medium text-sm">
              {user.firstName ?? user.email}
            </span>
            <Badge variant={user.memberLevel === 'Free' ? 'secondary' : 'brand'}>
              {user.memberLevel}
            </Badge>
          </button>
        </div>
      </div>
    </header>
  );
}
