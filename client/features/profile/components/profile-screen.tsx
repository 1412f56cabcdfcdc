// Profile tab: membership, account settings (email, plan, theme) and sign-out. Earning, credit
// activity and admin tools arrive with their own work; their anchors (#earn, #support) exist now
// so deep links land in the right place.

import { nextTier } from '@shared/plans';
import type { SessionUser } from '@shared/schemas/auth';
import { ArrowUpCircle, Crown, LifeBuoy, LogOut, Mail, Moon, Sun } from 'lucide-react';
import { ScreenHeader } from '@/components/layout/screen-header';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { useAppNavigation } from '@/lib/app-navigation';
import { useTheme } from '@/lib/theme';

const memberSince = new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric' });

export function ProfileScreen({ user }: { user: SessionUser }) {
  const { navigate } = useAppNavigation();
  const { theme, toggleTheme } = useTheme();
  const upgrade = nextTier(user.memberLevel);
  return (
    <div className="space-y-6">
      <ScreenHeader title="Profile" description="Your membership, account and support." />

      <Card className="overflow-hidden">
        <div className="brand-gradient p-6 text-white">
          <div className="flex flex-wrap items-center justify-between gap-4">
            <div>
              <p className="text-sm text-white/80">Current tier</p>
              <p className="flex items-center gap-2 font-bold text-3xl" data-testid="current-tier">
                <Crown className="size-7" aria-hidden="true" />
                {user.memberLevel}
              </p>
              <p className="mt-1 text-sm text-white/80">
                Member since {memberSince.format(new Date(user.createdAt))}
              </p>
            </div>
            {upgrade ? (
              <Button variant="secondary" onClick={() => navigate('purchase')}>
                <ArrowUpCircle aria-hidden="true" />
                Upgrade to {upgrade}
              </Button>
            ) : (
              <p className="rounded-md bg-white/15 px-3 py-2 text-sm">
                You're on our highest tier. Thank you!
              </p>
            )}
          </div>
        </div>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle>Account Settings</CardTitle>
          <CardDescription>Signed in as {user.email}</CardDescription>
        </CardHeader>
        <CardContent className="space-y-4">
          <div className="flex items-center justify-between gap-4">
            <span className="text-muted-foreground text-sm">Email</span>
            <span className="truncate font-medium">{user.email}</span>
          </div>
          <div className="flex items-center justify-between gap-4">
            <span className="text-muted-foreground text-sm">Plan</span>
            <Badge variant={user.memberLevel === 'Free' ? 'secondary' : 'brand'}>
              {user.memberLevel}
            </Badge>
          </div>
          <div className="flex items-center justify-between gap-4">
            <span className="text-muted-foreground text-sm">Theme</span>
            <Button variant="outline" size="sm" onClick={toggleTheme}>
              {theme === 'dark' ? <Moon aria-hidden="true" /> : <Sun aria-hidden="true" />}
              {theme === 'dark' ? 'Dark' : 'Light'}
            </Button>
          </div>
        </CardContent>
      </Card>

      <Card id="earn">
        <CardHeader>
          <CardTitle>Earn Video Credits</CardTitle>
        </CardHeader>
      </Card>

      <Card id="support">
        <CardHeader>
          <CardTitle className="flex items-center gap-2">
            <LifeBuoy className="size-5" aria-hidden="true" />
            Support and Help
          </CardTitle>
          <CardDescription>
            Questions about your videos, credits or plan? We answer within a day.
          </CardDescription>
        </CardHeader>
        <CardContent className="flex flex-wrap gap-2">
          <Button variant="outline" asChild>
            <a href="mailto:support@reelforge.app">
              <Mail aria-hidden="true" />
              Email support
            </a>
          </Button>
          <Button variant="ghost" onClick={() => navigate('privacy-policy')}>
            Privacy Policy
          </Button>
          <Button variant="ghost" onClick={() => navigate('terms-of-use')}>
            Terms of Use
          </Button>
        </CardContent>
      </Card>

      <Button variant="outline" className="w-full sm:w-auto" asChild>
        <a href="/api/logout">
          <LogOut aria-hidden="true" />
          Logout
        </a>
      </Button>
    </div>
  );
}
