// Profile tab (spec/product.md "Profile"): the membership card, Account Settings (email, plan,
// billing portal, theme, usage, recent credit activity), Voice & captions (the defaults for new
// videos), the account's own cards (security, watermark, connections, data), API keys and
// Webhooks (docs/automation.md), Earn Video Credits, Join Discord, Admin Tools for admins, Support
// and Help, and Logout. #earn and #support are the anchors that deep links (the landing page, the
// purchase screen) scroll to.

import { ACCOUNT_MESSAGES, type SessionUser } from '@shared/schemas/auth';
import { TIER_RULES } from '@shared/tiers';
import {
  Crown,
  LifeBuoy,
  LogOut,
  Mail,
  MessagesSquare,
  Moon,
  ShieldAlert,
  Sun,
} from 'lucide-react';
import { ScreenHeader } from '@/components/layout/screen-header';
import { SettingRow } from '@/components/layout/setting-row';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { useClientConfig } from '@/entities/client-config/api/get-client-config';
import { useCredits } from '@/entities/credits/api/get-credits';
import { creditsDisplay } from '@/entities/credits/credits-display';
import { UpgradeButton } from '@/entities/plans/components/upgrade-button';
import { useVideoSummary } from '@/entities/videos/api/get-video-summary';
import { AccountDataCard } from '@/features/account/components/account-data-card';
import { CustomWatermarkCard } from '@/features/account/components/custom-watermark-card';
import { SecurityCard } from '@/features/account-access/components/security-card';
import { AdminTools } from '@/features/admin/components/admin-tools';
import { ApiKeysCard } from '@/features/automation/components/api-keys-card';
import { WebhooksCard } from '@/features/automation/components/webhooks-card';
import { BillingSettings } from '@/features/billing/components/billing-settings';
import { ConnectionsCard } from '@/features/connections/components/connections-card';
import { RecentCreditActivity } from '@/features/credits/components/recent-credit-activity';
import { EarnSection } from '@/features/earning/components/earn-section';
import { VoiceSettingsCard } from '@/features/voices/components/voice-settings-card';
import { useAppNavigation } from '@/lib/app-navigation';
import { useTheme } from '@/lib/theme';

const memberSince = new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric' });

function MembershipCard({ user }: { user: SessionUser }) {
  const credits = useCredits();
  const display = creditsDisplay({
    memberLevel: user.memberLevel,
    credits: credits.data,
    failed: credits.isError,
  });
  const monthly = TIER_RULES[user.memberLevel].monthlyCredits;
  return (
    <Card className="overflow-hidden p-0" aria-label="Membership">
      <div className="border-primary/15 bg-primary/5 p-6">
        <div className="flex flex-wrap items-center justify-between gap-4">
          <div>
            <p className="text-sm text-muted-foreground">Current tier</p>
            {/* Figures with their labels, not headings: divs, so nothing reads as a title. */}
            <div className="flex items-center gap-2 font-bold text-3xl" data-testid="current-tier">
              <Crown className="size-7 text-primary" aria-hidden="true" />
              {user.memberLevel}
            </div>
            <p className="mt-1 text-sm text-muted-foreground" data-testid="member-since">
              Member since {memberSince.format(new Date(user.createdAt))}
            </p>
          </div>
          <div className="sm:text-right">
            <p className="text-sm text-muted-foreground">Video credits</p>
            {/* A div, not a p: while loading it holds the skeleton, which is a div. */}
            <div className="font-bold text-3xl tabular-nums" data-testid="profile-credits">
              {display ? display.text : <Skeleton className="h-9 w-12 sm:ml-auto" />}
            </div>
            <p className="text-muted-foreground text-xs">
              {monthly === null ? 'Unlimited generations' : `${monthly} generations per month`}
            </p>
          </div>
        </div>
        <div className="mt-5">
          {user.memberLevel === 'Elite' ? (
            <p className="inline-block rounded-md bg-primary/10 px-3 py-2 text-sm">
              You're on our highest tier. Thank you!
            </p>
          ) : (
            <div className="text-foreground">
              <UpgradeButton user={user} variant="outline" />
            </div>
          )}
        </div>
      </div>
    </Card>
  );
}

function UsageStats() {
  // The library in numbers: no need to load every video to count them.
  const summary = useVideoSummary();
  if (summary.isPending) return <Skeleton className="h-5 w-32" />;
  if (summary.isError) return <span>--</span>;
  return (
    <span data-testid="usage-stats">
      {summary.data.total} total · {summary.data.completed} completed
    </span>
  );
}

function AccountSettings({ user }: { user: SessionUser }) {
  const { theme, toggleTheme } = useTheme();
  return (
    <Card>
      <CardHeader>
        <CardTitle>Account Settings</CardTitle>
        <CardDescription>Signed in as {user.email}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <SettingRow label="Email">
          <span className="break-all">{user.email}</span>
        </SettingRow>
        <SettingRow label="Plan">
          <Badge variant={user.memberLevel === 'Free' ? 'secondary' : 'brand'}>
            {user.memberLevel}
          </Badge>
        </SettingRow>
        <BillingSettings />
        <SettingRow label="Theme">
          <Button
            variant="outline"
            size="sm"
            onClick={toggleTheme}
            aria-label={`Theme: ${theme === 'dark' ? 'Dark' : 'Light'}. Switch theme`}
          >
            {theme === 'dark' ? <Moon aria-hidden="true" /> : <Sun aria-hidden="true" />}
            {theme === 'dark' ? 'Dark' : 'Light'}
          </Button>
        </SettingRow>
        <SettingRow label="Videos">
          <UsageStats />
        </SettingRow>
        <RecentCreditActivity />
      </CardContent>
    </Card>
  );
}

export function ProfileScreen({ user }: { user: SessionUser }) {
  const { navigate } = useAppNavigation();
  const { data: config } = useClientConfig();
  return (
    <div className="space-y-6">
      <ScreenHeader title="Profile" description="Your membership, account and support." />
      <MembershipCard user={user} />
      <AccountSettings user={user} />
      <SecurityCard user={user} />
      <VoiceSettingsCard />
      <CustomWatermarkCard user={user} />
      <ConnectionsCard />
      <AccountDataCard />
      <ApiKeysCard />
      <WebhooksCard />
      <EarnSection referralCode={user.referralCode} />

      <Card>
        <CardHeader>
          <CardTitle className="flex items-center gap-2">
            <MessagesSquare className="size-5 text-primary" aria-hidden="true" />
            Join Discord
          </CardTitle>
          <CardDescription>
            Share your videos, trade prompts with other creators and hear about new features first.
          </CardDescription>
        </CardHeader>
        <CardContent>
          {config && (
            <Button variant="brand" asChild>
              <a href={config.discordInviteUrl} target="_blank" rel="noopener noreferrer">
                <MessagesSquare aria-hidden="true" />
                Join our Discord
              </a>
            </Button>
          )}
        </CardContent>
      </Card>

      {user.isAdmin && (
        <Card id="admin-tools" className="border-primary/40">
          <CardContent className="pt-6">
            <AdminTools />
          </CardContent>
        </Card>
      )}
      {user.adminAwaitingVerification && (
        // ADMIN_EMAILS names this address, but rights wait for proof that the inbox is theirs.
        <Card id="admin-tools" className="border-primary/40">
          <CardHeader>
            <CardTitle className="flex items-center gap-2">
              <ShieldAlert className="size-5 text-primary" aria-hidden="true" />
              Admin Tools
            </CardTitle>
            <CardDescription data-testid="admin-needs-verification">
              {ACCOUNT_MESSAGES.adminNeedsVerification} Click the link we emailed to {user.email},
              or send it again from the banner at the top.
            </CardDescription>
          </CardHeader>
        </Card>
      )}

      <Card id="support" className="scroll-mt-20">
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
          {config && (
            <Button variant="outline" asChild>
              <a href={`mailto:${config.supportEmail}`}>
                <Mail aria-hidden="true" />
                Email {config.supportEmail}
              </a>
            </Button>
          )}
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
