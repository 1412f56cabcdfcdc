// Labels and icons of the tabs that appear in the header and in the mobile bottom bar.
import {
  Bot,
  CreditCard,
  LayoutDashboard,
  type LucideIcon,
  PlusCircle,
  User,
  Video,
} from 'lucide-react';
import type { AppTab } from '@/lib/app-tabs';

export type NavItem = { tab: AppTab; label: string; icon: LucideIcon };

/** The desktop header's tabs. */
export const HEADER_TABS: NavItem[] = [
  { tab: 'dashboard', label: 'Dashboard', icon: LayoutDashboard },
  { tab: 'create', label: 'Create', icon: PlusCircle },
  { tab: 'library', label: 'Library', icon: Video },
  { tab: 'jobs', label: 'Engine', icon: Bot },
  { tab: 'purchase', label: 'Credits', icon: CreditCard },
];

/** The mobile bottom bar (spec: dashboard, library, create as the primary, jobs, profile). */
export const BOTTOM_TABS: (NavItem & { primary?: boolean })[] = [
  { tab: 'dashboard', label: 'Home', icon: LayoutDashboard },
  { tab: 'library', label: 'Library', icon: Video },
  { tab: 'create', label: 'Create', icon: PlusCircle, primary: true },
  { tab: 'jobs', label: 'Creator Engine', icon: Bot },
  { tab: 'profile', label: 'Profile', icon: User },
];
