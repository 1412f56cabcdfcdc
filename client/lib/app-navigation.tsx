// Moving between the main app's tabs from anywhere inside it, optionally scrolling to an element.
import { createContext, useContext } from 'react';
import type { AppTab } from './app-tabs';

export type NavigateOptions = {
  /** The element to scroll to once the tab shows. */
  anchor?: string;
  delayMs?: number;
  /** Library only: the finished video whose player opens once the tab shows. */
  openVideoId?: number;
  /** The storyboard editor only: the storyboard it opens. */
  storyboardId?: number;
};

export type AppNavigation = {
  tab: AppTab;
  navigate: (tab: AppTab, options?: NavigateOptions) => void;
};

export const AppNavigationContext = createContext<AppNavigation | null>(null);

export function useAppNavigation(): AppNavigation {
  const context = useContext(AppNavigationContext);
  if (!context) throw new Error('useAppNavigation is only available inside the main app');
  return context;
}
