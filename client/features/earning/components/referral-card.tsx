// The member's referral link (PUBLIC_URL/?ref=CODE) with copy and share, what each friend earns
// them (spec/api.md §9.3), and what the link has brought so far.
import { REWARDS } from '@shared/catalogue';
import { referralLink } from '@shared/schemas/referrals';
import { Check, Link2, MessageCircle, Send, Share2 } from 'lucide-react';
import { useId } from 'react';
import { FacebookIcon, LinkedInIcon, XIcon } from '@/components/brand/social-icons';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { useClientConfig } from '@/entities/client-config/api/get-client-config';
import { useReferralSummary } from '@/entities/earning/api/get-referrals';
import { openSharePopup, type ShareNetwork } from '@/lib/share-links';
import { useCopyLink } from '@/lib/use-copy-link';

const NETWORKS: { network: ShareNetwork; label: string; icon: React.ReactNode }[] = [
  { network: 'x', label: 'X', icon: <XIcon /> },
  { network: 'facebook', label: 'Facebook', icon: <FacebookIcon /> },
  { network: 'linkedin', label: 'LinkedIn', icon: <LinkedInIcon /> },
  { network: 'whatsapp', label: 'WhatsApp', icon: <MessageCircle aria-hidden="true" /> },
  { network: 'telegram', label: 'Telegram', icon: <Send aria-hidden="true" /> },
];

export function ReferralCard({ referralCode }: { referralCode: string }) {
  const inputId = useId();
  const summary = useReferralSummary();
  const { data: config } = useClientConfig();
  // The server's answer, or the same link built from the configured address while that loads.
  const link =
    summary.data?.link ?? referralLink(config?.publicUrl ?? window.location.origin, referralCode);
  const { copied, copy } = useCopyLink(link, 'Referral link copied to clipboard');
  const target = {
    url: link,
    title: 'Join me on Reelforge',
    description: 'Turn a sentence into a video in a minute. Sign up with my link:',
  };

  return (
    <section
      aria-labelledby="earn-referral"
      className="grid gap-3 rounded-lg border border-primary/30 bg-primary/5 p-3 sm:p-4"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id="earn-referral" className="flex items-center gap-2 font-semibold">
          <Share2 className="size-4" aria-hidden="true" /> Invite Friends
        </h3>
        <span className="rounded-full bg-primary/10 px-2 py-0.5 font-semibold text-primary text-xs">
          {REWARDS.referralSignup} credits per friend
        </span>
      </div>
      <p className="text-muted-foreground text-sm">
        You earn {REWARDS.referralSignup} credits when a friend who joins with your link verifies
        their email address and makes their first video, and {REWARDS.referralPaid} more when they
        become a paying member.
      </p>
      <div className="grid gap-2">
        <label htmlFor={inputId} className="font-medium text-sm">
          Your referral link
        </label>
        <div className="flex flex-col gap-2 sm:flex-row">
          <Input
            id={inputId}
            value={link}
            readOnly
            onFocus={(event) => event.target.select()}
            className="font-mono text-sm"
          />
          <Button onClick={() => void copy()} className="shrink-0">
            {copied ? <Check aria-hidden="true" /> : <Link2 aria-hidden="true" />}
            {copied ? 'Copied!' : 'Copy Link'}
          </Button>
        </div>
      </div>
      <div className="flex flex-wrap gap-2">
        {NETWORKS.map(({ network, label, icon }) => (
          <Button
            key={network}
            variant="outline"
            size="sm"
            aria-label={`Share your referral link on ${label}`}
            onClick={() => openSharePopup(network, target)}
          >
            {icon}
            <span className="hidden sm:inline">{label}</span>
          </Button>
        ))}
      </div>
      {summary.data && (
        <p className="text-muted-foreground text-xs" data-testid="referral-stats">
          {summary.data.joined} joined · {summary.data.rewarded} rewarded ·{' '}
          {summary.data.creditsEarned} credits earned
        </p>
      )}
    </section>
  );
}
