// The main app's footer: the legal pages open as tabs.
import { useAppNavigation } from '@/lib/app-navigation';

export function AppFooter() {
  const { navigate } = useAppNavigation();
  return (
    <footer className="mx-auto flex max-w-7xl flex-wrap items-center justify-between gap-3 px-4 py-6 text-muted-foreground text-sm sm:px-6">
      <p>© {new Date().getFullYear()} Reelforge</p>
      <div className="flex gap-4">
        <button
          type="button"
          className="hover:text-foreground"
          onClick={() => navigate('privacy-policy')}
        >
          Privacy Policy
        </button>
        <button
          type="button"
          className="hover:text-foreground"
          onClick={() => navigate('terms-of-use')}
        >
          Terms of Use
        </button>
      </div>
    </footer>
  );
}
