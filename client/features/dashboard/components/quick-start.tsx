// Quick Start: one-tap ways into the app's main places. Each button is named by its label alone
// (its content, so the name is what the member sees); the line under it is its description.
import { Bot, Clapperboard, Library, type LucideIcon, PlusCircle } from 'lucide-react';
import { useId } from 'react';
import { useAppNavigation } from '@/lib/app-navigation';
import type { AppTab } from '@/lib/app-tabs';

type QuickStartItem = { label: string; description: string; tab: AppTab; icon: LucideIcon };

const QUICK_START: QuickStartItem[] = [
  {
    label: 'Create Video',
    description: 'Turn an idea into a video',
    tab: 'create',
    icon: PlusCircle,
  },
  { label: 'Engine', description: 'Automate recurring videos', tab: 'jobs', icon: Bot },
  { label: 'My Library', description: 'Watch, share and organise', tab: 'library', icon: Library },
  {
    label: 'My Studio',
    description: 'Your scheduled automations',
    tab: 'jobs',
    icon: Clapperboard,
  },
];

function QuickStartButton({ item }: { item: QuickStartItem }) {
  const { navigate } = useAppNavigation();
  const descriptionId = useId();
  const Icon = item.icon;
  const primary = item.tab === 'create';
  return (
    <button
      type="button"
      aria-describedby={descriptionId}
      onClick={() => navigate(item.tab)}
      className={
        primary
          ? 'flex h-full w-full cursor-pointer flex-col items-start gap-2 rounded-xl brand-gradient p-4 text-left text-white shadow-md transition hover:shadow-lg'
          : 'flex h-full w-full cursor-pointer flex-col items-start gap-2 rounded-xl border bg-card p-4 text-left shadow-sm transition hover:border-primary/40 hover:bg-accent/40'
      }
    >
      <span
        className={
          primary
            ? 'flex size-9 items-center justify-center rounded-lg bg-white/20'
            : 'flex size-9 items-center justify-center rounded-lg bg-primary/10 text-primary'
        }
      >
        <Icon className="size-5" aria-hidden="true" />
      </span>
      <span className="font-semibold text-sm sm:text-base">{item.label}</span>
      {/* Read as the description, not as part of the name. */}
      <span
        id={descriptionId}
        aria-hidden="true"
        className={primary ? 'text-white/85 text-xs' : 'text-muted-foreground text-xs'}
      >
        {item.description}
      </span>
    </button>
  );
}

export function QuickStart() {
  return (
    <section aria-labelledby="quick-start-heading" className="space-y-3">
      <h2 id="quick-start-heading" className="font-semibold text-lg">
        Quick Start
      </h2>
      <ul className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
        {QUICK_START.map((item) => (
          <li key={item.label}>
            <QuickStartButton item={item} />
          </li>
        ))}
      </ul>
    </section>
  );
}
