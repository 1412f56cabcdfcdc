// 'Share this video' (spec/product.md, "Shared video page"): Copy Link, X, Facebook, LinkedIn, and
// WhatsApp on small screens only. Each network opens a 600x400 popup (spec/api.md §7.9).
import { Check, Link2, MessageCircle, Share2 } from 'lucide-react';
import type * as React from 'react';
import { FacebookIcon, LinkedInIcon, XIcon } from '@/components/brand/social-icons';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { cn } from '@/lib/cn';
import { openSharePopup, type ShareNetwork, type ShareTarget } from '@/lib/share-links';
import { useCopyLink } from '@/lib/use-copy-link';

type NetworkButton = {
  network: ShareNetwork;
  label: string;
  icon: React.ReactNode;
  className?: string;
};

const NETWORKS: NetworkButton[] = [
  { network: 'x', label: 'X', icon: <XIcon /> },
  { network: 'facebook', label: 'Facebook', icon: <FacebookIcon /> },
  { network: 'linkedin', label: 'LinkedIn', icon: <LinkedInIcon /> },
  {
    network: 'whatsapp',
    label: 'WhatsApp',
    icon: <MessageCircle aria-hidden="true" />,
    className: 'md:hidden',
  },
];

export function ShareVideo({ target }: { target: ShareTarget }) {
  const { copied, copy } = useCopyLink(target.url, 'Video link copied to clipboard');

  return (
    <Card>
      <CardHeader className="pb-4">
        <CardTitle className="flex items-center gap-2 text-lg">
          <Share2 className="size-5 text-primary" aria-hidden="true" />
          Share this video
        </CardTitle>
      </CardHeader>
      <CardContent>
        <div className="grid grid-cols-2 gap-2 sm:flex sm:flex-wrap">
          <Button
            className="col-span-2 sm:col-span-1"
            onClick={() => void copy()}
            data-testid="copy-link"
          >
            {copied ? <Check aria-hidden="true" /> : <Link2 aria-hidden="true" />}
            {copied ? 'Copied!' : 'Copy Link'}
          </Button>
          {NETWORKS.map(({ network, label, icon, className }) => (
            <Button
              key={network}
              variant="outline"
              className={cn(className)}
              aria-label={`Share on ${label}`}
              onClick={() => openSharePopup(network, target)}
            >
              {icon}
              {label}
            </Button>
          ))}
        </div>
      </CardContent>
    </Card>
  );
}
